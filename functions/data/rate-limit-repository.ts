import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/**
 * Fixed-window counters per caller, for routes where API Gateway's throttling (per route, for
 * everyone) is not enough: one shopper must not use up the shop assistant for the others. The
 * caller may be the whole shop, and what is counted something other than requests: the shop
 * assistant's daily model tokens are a window of a day for the caller `shop`.
 */
export function createRateLimitRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * Counts `units` (one request unless told) of `caller` in the current window; false when the
     * window already holds `limit.requests` or more (nothing is counted then). With `units: 0` it
     * only asks whether any are left.
     */
    async take(
      scope: string,
      caller: string,
      limit: { requests: number; windowSeconds: number },
      { units = 1, now = Date.now() }: { units?: number; now?: number } = {},
    ): Promise<boolean> {
      const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.rateWindow(scope, caller, windowStart),
            UpdateExpression: 'ADD hits :units SET #ttl = if_not_exists(#ttl, :ttl), entity = :entity',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':units': units,
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

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
export const rateLimits = createRateLimitRepository();
