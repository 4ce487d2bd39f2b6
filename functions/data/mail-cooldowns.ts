import { createHash } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/** The address as the cooldown knows it: one mailbox however it was typed, and never stored as such. */
export const hashedAddress = (address: string): string =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');

/**
 * Per-address cooldowns of the emails anyone can have the shop send to any address (a contact
 * receipt, a newsletter sign-up's answer): one item per address and kind, holding which event's
 * email started the cooldown and until when.
 */
export function createMailCooldowns(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * Starts the address's cooldown of `kind` for the email of event `holder`, unless another
     * event's is still running: true when this email may go out. One conditional write, so of two
     * events at the same moment one gets it. The holder's own retry (its send failed) gets it
     * again, from now, when its email does go out.
     */
    async start(address: string, kind: string, holder: string, now: Date, seconds: number): Promise<boolean> {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.mailCooldown(hashedAddress(address), kind),
              entity: 'MailCooldown',
              schemaVersion: 1,
              holder,
              // Its end, and DynamoDB's TTL: the condition reads it, as the TTL deletes late.
              [TTL_ATTRIBUTE]: nowSeconds + seconds,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR #ends <= :now OR holder = :holder',
            ExpressionAttributeNames: { '#ends': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':now': nowSeconds, ':holder': holder },
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

export const mailCooldowns = createMailCooldowns();
