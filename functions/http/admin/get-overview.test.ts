import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { handler } from './get-overview';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

describe('GET /admin/overview', () => {
  it('is all zeros while there are no orders', async () => {
    ddbMock.on(QueryCommand, { IndexName: 'GSI3' }).resolves({ Items: [] });
    ddbMock.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Count: 14 });
    const res = await handler(apiEvent({ routeKey: 'GET /admin/overview', claims: adminClaims() }));
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({
      totalRevenue: 0,
      orderCount: 0,
      customerCount: 0,
      conversionRate: 0,
      averageOrderValue: 0,
      productCount: 14,
    });
  });

  it('computes the figures from the orders in the table', async () => {
    ddbMock.on(QueryCommand, { IndexName: 'GSI3' }).resolves({
      Items: [
        { total: 10_000, status: 'confirmed', userId: 'u1', email: 'a@x.ch' },
        { total: 5_000, status: 'delivered', userId: 'u1', email: 'a@x.ch' },
        { total: 7_000, status: 'shipped', email: 'Guest@x.ch' },
        { total: 99_999, status: 'pending', email: 'c@x.ch' },
      ],
    });
    ddbMock.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Count: 3 });
    const res = await handler(apiEvent({ routeKey: 'GET /admin/overview', claims: adminClaims() }));
    expect(parseBody(res)).toEqual({
      totalRevenue: 22_000,
      orderCount: 3,
      customerCount: 2,
      conversionRate: 150,
      averageOrderValue: 7_333,
      productCount: 3,
    });
    expect(ddbMock.commandCalls(QueryCommand, { IndexName: 'GSI3' })[0]!.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'ORDERS' },
    });
  });
});
