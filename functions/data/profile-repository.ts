import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Locale } from '@linea/shared/domain/money';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

export interface Profile {
  emailLanguage: Locale;
  updatedAt: string;
}

/** Pattern 24: what the shop keeps about a customer beside Cognito. */
export function createProfileRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async get(userId: string): Promise<Profile | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.profile(userId) }));
      return Item ? { emailLanguage: Item.emailLanguage as Locale, updatedAt: Item.updatedAt as string } : undefined;
    },

    async put(userId: string, profile: Profile): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: table(),
          Item: { ...keys.profile(userId), entity: 'CustomerProfile', schemaVersion: 1, ...profile },
        }),
      );
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
export const profiles = createProfileRepository();
