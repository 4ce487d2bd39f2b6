import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlreadySubscribedError } from '@linea/shared/errors';
import type { Locale } from '@linea/shared/domain/money';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

export interface Subscriber {
  email: string;
  locale: Locale;
  isActive: boolean;
  subscribedAt: string;
}

export function createSubscriberRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /** Adds a subscriber; an address already on the list is a typed ALREADY_SUBSCRIBED error. */
    async add(subscriber: Subscriber): Promise<void> {
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.subscriber(subscriber.email),
              ...keys.subscriberByRecency(subscriber.subscribedAt),
              entity: 'Subscriber',
              schemaVersion: 1,
              ...subscriber,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') throw new AlreadySubscribedError();
        throw err;
      }
    },

    async remove(email: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: table(), Key: keys.subscriber(email) }));
    },
  };
}

export const subscribers = createSubscriberRepository();
