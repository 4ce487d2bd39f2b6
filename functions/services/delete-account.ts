import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '../data/batch-write';
import { keys } from '../data/keys';
import { orders as orderRepository, type OrderRepository } from '../data/order-repository';
import { queryAllItems } from '../data/query-pages';
import { cognito as cognitoClient } from '../lib/clients/cognito';
import { ddb } from '../lib/clients/dynamodb';
import { config, userPoolId } from '../lib/config';
import { logger } from '../lib/logger';

interface Deps {
  db: DynamoDBDocumentClient;
  orders: Pick<OrderRepository, 'detachFromCustomer'>;
  deleteUser: (userId: string) => Promise<void>;
}

const defaults: Deps = {
  db: ddb,
  orders: orderRepository,
  deleteUser: async (userId) => {
    try {
      await cognitoClient.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: userId }));
    } catch (err) {
      // Deleted by an earlier attempt that failed after this step: the job is done.
      if ((err as Error).name !== 'UserNotFoundException') throw err;
    }
  },
};

/**
 * DELETE /me (Swiss FADP / GDPR): the customer's addresses, wishlist and profile go, their orders
 * stay for the books (Swiss law keeps them ten years) without the link to the account, and the
 * Cognito user goes last, so that a failure midway leaves a customer who can sign in and try
 * again; every step can be repeated.
 */
export async function deleteAccount(userId: string, deps: Deps = defaults): Promise<void> {
  const detached = await deps.orders.detachFromCustomer(userId);
  const items = await queryAllItems(deps.db, {
    TableName: config().tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.customerPartition(userId).PK },
    ProjectionExpression: 'PK, SK',
  });
  await batchWriteAll(
    deps.db,
    config().tableName,
    items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })),
  );
  await deps.deleteUser(userId);
  logger.info('Account deleted', { userId, itemsDeleted: items.length, ordersKept: detached });
}
