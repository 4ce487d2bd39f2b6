import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { handler } from './get-overview';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

describe('GET /admin/overview', () => {
  it('is all zeros while no order has been paid', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(QueryCommand).resolves({ Items: [] });
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
      last30Days: expect.any(Array),
    });
    const days = parseBody(res).last30Days as { day: string; revenue: number; orders: number }[];
    expect(days).toHaveLength(30);
    expect(days.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
  });

  it('reads the kept all-time totals, one item, instead of every order', async () => {
    ddbMock.on(GetCommand, { Key: { PK: 'STATS#TOTAL', SK: 'TOTAL' } }).resolves({
      Item: { revenue: 22_000, orders: 3, customers: 2 },
    });
    ddbMock.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Count: 3 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#DAY' } }, false)
      .resolves({ Items: [{ PK: 'STATS#DAY', SK: today, revenue: 7_000, orders: 1, 's:shipped': 1 }] });
    const res = await handler(apiEvent({ routeKey: 'GET /admin/overview', claims: adminClaims() }));
    const { last30Days, ...cards } = parseBody(res) as { last30Days: { day: string; revenue: number }[] };
    expect(last30Days.at(-1)).toEqual({ day: today, revenue: 7_000, orders: 1 });
    expect(last30Days.slice(0, -1).every((day) => day.revenue === 0)).toBe(true);
    expect(cards).toEqual({
      totalRevenue: 22_000,
      orderCount: 3,
      customerCount: 2,
      conversionRate: 150,
      averageOrderValue: 7_333,
      productCount: 3,
    });
    expect(ddbMock.commandCalls(QueryCommand, { IndexName: 'GSI3' })).toHaveLength(0);
  });
});
