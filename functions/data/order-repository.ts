import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrderForStats } from '@linea/shared/domain/stats';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems } from './query-pages';

/**
 * Orders. The checkout issue adds writes; for now the overview figures read every order
 * through the recency index, projecting only what the figures need.
 */
export function createOrderRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async listForStats(): Promise<OrderForStats[]> {
      const items = await queryAllItems(db, {
        TableName: table(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.ordersByRecencyPartition().GSI3PK },
        ProjectionExpression: '#total, #status, userId, email',
        ExpressionAttributeNames: { '#total': 'total', '#status': 'status' },
      });
      return items.map((item) => ({
        total: item.total as number,
        status: item.status as OrderForStats['status'],
        email: (item.email as string) ?? '',
        ...(item.userId ? { userId: item.userId as string } : {}),
      }));
    },
  };
}

export const orders = createOrderRepository();
