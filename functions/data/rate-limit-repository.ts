import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/**
 * Fixed-window counters per caller, for routes where API Gateway's throttling (per route, for
 * everyone) is not enough: one shopper must not use up the shop assistant for the others.
 */
export function createRateLimitRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * Counts one request of `caller` in the current window; false when the window already holds
     * `limit` of them (nothing is counted then).
     */
    async take(
      scope: string,
      caller: string,
      limit: { requests: number; windowSeconds: number },
      now = Date.now(),
    ): Promise<boolean> {
      const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.rateWindow(scope, caller, windowStart),
            UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl), entity = :entity',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit.requests,
              ':ttl': windowStart + limit.windowSeconds,
              ':entity': 'RateWindow',
            },
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },
  };
}

export const rateLimits = createRateLimitRepository();
