import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems } from './query-pages';

export interface WishlistEntry {
  productId: string;
  addedAt: string;
}

/** A customer's saved products. Adding twice or removing what is not there are both no-ops. */
export function createWishlistRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async list(userId: string): Promise<WishlistEntry[]> {
      const { PK, SKPrefix } = keys.wishlistPrefix(userId);
      const items = await queryAllItems(db, {
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
      });
      const entries: WishlistEntry[] = items.map((item) => ({
        productId: item.productId as string,
        addedAt: item.addedAt as string,
      }));
      return entries.sort((a, b) => b.addedAt.localeCompare(a.addedAt));
    },

    async add(userId: string, productId: string, addedAt: string): Promise<void> {
      await db
        .send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.wishlistEntry(userId, productId),
              entity: 'WishlistEntry',
              schemaVersion: 1,
              productId,
              addedAt,
            },
            // Saving an already saved product keeps its original date, so the list order is stable.
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        )
        .catch((err: Error) => {
          if (err.name !== 'ConditionalCheckFailedException') throw err;
        });
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: table(), Key: keys.wishlistEntry(userId, productId) }));
    },
  };
}

export const wishlist = createWishlistRepository();
