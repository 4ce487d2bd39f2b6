import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { aProduct } from '../../../tests/fixtures/products';
import { handler } from './get-analytics';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const zurichDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date);
const today = zurichDay(new Date());
const yesterday = zurichDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
const ask = (query: Record<string, string>, claims = adminClaims()) =>
  handler(apiEvent({ routeKey: 'GET /admin/analytics', queryStringParameters: query, claims }));

describe('GET /admin/analytics', () => {
  it("sums the period's day items: summary, statuses, top products by units and by revenue, and a point per day", async () => {
    ddbMock.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Count: 17 });
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#DAY' } }, false).resolves({
      Items: [
        {
          SK: yesterday,
          revenue: 30_000,
          orders: 2,
          's:confirmed': 1,
          's:cancelled': 1,
          'u:tee': 5,
          'r:tee': 24_500,
          'u:coat': 1,
          'r:coat': 29_000,
          'c:h1': 1,
          'c:h2': 1,
        },
        {
          SK: today,
          revenue: 9_800,
          orders: 1,
          's:shipped': 1,
          'u:tee': 2,
          'r:tee': 9_800,
          'u:gone': 1,
          'r:gone': 100,
          'c:h1': 1,
        },
      ],
    });
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [aProduct({ id: 'tee', name: 'Organic Tee' }), aProduct({ id: 'coat', name: 'Wool Coat' })],
      },
    });

    const res = await ask({ days: '7' });

    expect(res.statusCode).toBe(200);
    const body = parseBody(res);
    expect(body).toMatchObject({
      days: 7,
      to: today,
      revenue: 39_800,
      orders: 3,
      averageOrderValue: 13_267,
      customers: 2,
      productCount: 17,
      byStatus: { confirmed: 1, cancelled: 1, shipped: 1 },
    });
    expect(body.topByUnits).toEqual([
      { productId: 'tee', name: 'Organic Tee', units: 7, revenue: 34_300 },
      { productId: 'coat', name: 'Wool Coat', units: 1, revenue: 29_000 },
      { productId: 'gone', name: 'gone', units: 1, revenue: 100 },
    ]);
    expect((body.topByRevenue as { productId: string }[]).map((p) => p.productId)).toEqual(['tee', 'coat', 'gone']);
    const series = body.series as { day: string; revenue: number; orders: number }[];
    expect(series).toHaveLength(7);
    expect(series.slice(-2)).toEqual([
      { day: yesterday, revenue: 30_000, orders: 2 },
      { day: today, revenue: 9_800, orders: 1 },
    ]);
    expect(
      ddbMock.commandCalls(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#DAY' } }, false)[0]!.args[0]
        .input,
    ).toMatchObject({ ExpressionAttributeValues: { ':first': series[0]!.day, ':last': today } });
  });

  it('takes 30 days unless told, and refuses any period but 7, 30 or 90 naming the field', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [], Count: 0 });
    expect(parseBody(await ask({})).days).toBe(30);
    const refused = await ask({ days: '14' });
    expect(refused.statusCode).toBe(400);
    expect(parseBody(refused)).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'days' }] } });
  });

  it('is for admins only: 403 for a customer, 401 without a token', async () => {
    expect((await ask({ days: '7' }, customerClaims())).statusCode).toBe(403);
    expect((await handler(apiEvent({ routeKey: 'GET /admin/analytics' }))).statusCode).toBe(401);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
