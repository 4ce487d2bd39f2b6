import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Locale } from '@linea/shared/domain/money';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject?: string;
  message: string;
  locale: Locale;
  receivedAt: string;
}

export function createContactRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async add(message: ContactMessage): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...keys.contactMessage(message.id),
            ...keys.contactMessageByRecency(message.receivedAt),
            entity: 'ContactMessage',
            schemaVersion: 1,
            ...message,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },

    async remove(id: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: table(), Key: keys.contactMessage(id) }));
    },
  };
}

export const contactMessages = createContactRepository();
