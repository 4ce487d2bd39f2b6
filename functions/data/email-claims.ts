import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { TTL_ATTRIBUTE } from './table';

export type EmailClaim =
  { readonly outcome: 'claimed'; readonly claimedAt: string } | { readonly outcome: 'sent' | 'busy' };

export interface EmailClaimKey {
  readonly PK: string;
  readonly SK: string;
}

/**
 * The item that says one email has been sent (or is being sent), so a repeated event does not
 * send it twice. Where it lives is the caller's (`keys.orderEmail` beside the order, or
 * `keys.eventEmail` for an email that belongs to one event); its life cycle is this.
 */
export function createEmailClaims(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * 'claimed' for the first caller, 'sent' once it went out, 'busy' while another delivery
     * holds a live claim. A claim older than `leaseSeconds` is taken over (its holder died between
     * claiming and sending), so a crash cannot lose the email. With `expiresAt` (epoch seconds),
     * DynamoDB forgets the claim then.
     */
    async claim(
      key: EmailClaimKey,
      entity: string,
      now: Date,
      options: { readonly leaseSeconds?: number; readonly expiresAt?: number } = {},
    ): Promise<EmailClaim> {
      const claimedAt = now.toISOString();
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...key,
              entity,
              schemaVersion: 1,
              state: 'sending',
              claimedAt,
              ...(options.expiresAt === undefined ? {} : { [TTL_ATTRIBUTE]: options.expiresAt }),
            },
            ConditionExpression: 'attribute_not_exists(PK) OR (#state = :sending AND claimedAt < :stale)',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':sending': 'sending',
              ':stale': new Date(now.getTime() - (options.leaseSeconds ?? 60) * 1000).toISOString(),
            },
          }),
        );
        return { outcome: 'claimed', claimedAt };
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        const { Item } = await db.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
        return { outcome: Item?.state === 'sent' ? 'sent' : 'busy' };
      }
    },

    async markSent(key: EmailClaimKey, at: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: 'SET #state = :sent, sentAt = :at',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':sent': 'sent', ':at': at },
        }),
      );
    },

    /** Gives a claim back after a failed send, unless another delivery has taken it over since. */
    async release(key: EmailClaimKey, claimedAt: string): Promise<void> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: table(),
            Key: key,
            ConditionExpression: 'claimedAt = :mine',
            ExpressionAttributeValues: { ':mine': claimedAt },
          }),
        );
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      }
    },
  };
}

export type EmailClaims = ReturnType<typeof createEmailClaims>;
export const emailClaims = createEmailClaims();
