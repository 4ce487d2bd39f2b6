import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrderForStats } from '@linea/shared/domain/stats';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

/**
 * Orders. The checkout issue adds writes; for now the overview figures read every order
 * through the recency index, projecting only what the figures need.
 */
export function createOrderRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async listForStats(): Promise<OrderForStats[]> {
      const orders: OrderForStats[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: table(),
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.ordersByRecencyPartition().GSI3PK },
            ProjectionExpression: '#total, #status, userId, email',
            ExpressionAttributeNames: { '#total': 'total', '#status': 'status' },
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) {
          orders.push({
            total: item.total as number,
            status: item.status as OrderForStats['status'],
            email: (item.email as string) ?? '',
            ...(item.userId ? { userId: item.userId as string } : {}),
          });
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return orders;
    },
  };
}

export const orders = createOrderRepository();
