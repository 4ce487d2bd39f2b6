import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { anOrder, storedOrderItem } from '../../../tests/fixtures/orders';
import { aProduct, storedProductItem } from '../../../tests/fixtures/products';
import { handler as createOrder } from './create-order';
import { handler as exportOrders } from './export-orders';
import { handler as getOrder } from './get-order';
import { handler as listOrders } from './list-orders';
import { handler as updateOrder } from './update-order';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
});
afterEach(() => vi.restoreAllMocks());

const order = anOrder({ id: 'order-1', status: 'confirmed', email: 'lea@example.ch' });
const patch = (body: unknown, claims = adminClaims()) =>
  updateOrder(
    apiEvent({
      routeKey: 'PATCH /admin/orders/{id}',
      pathParameters: { id: order.id },
      body,
      claims,
    }),
  );

describe('admin order routes', () => {
  it('answers 401 without a token and 403 to a customer on every route, reading nothing', async () => {
    for (const claims of [undefined, customerClaims()]) {
      const expected = claims ? 403 : 401;
      expect((await listOrders(apiEvent({ routeKey: 'GET /admin/orders', claims }))).statusCode).toBe(expected);
      expect(
        (await getOrder(apiEvent({ routeKey: 'GET /admin/orders/{id}', pathParameters: { id: 'x' }, claims })))
          .statusCode,
      ).toBe(expected);
      expect((await patch({ status: 'shipped' }, claims ?? {})).statusCode).toBe(expected);
      expect((await exportOrders(apiEvent({ routeKey: 'GET /admin/orders/export', claims }))).statusCode).toBe(
        expected,
      );
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('searches the newest orders by a lower-cased part of id or email, 10 a page', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        storedOrderItem(anOrder({ id: 'a-1', email: 'someone@example.ch' })),
        storedOrderItem(anOrder({ id: 'b-2', email: 'lea@example.ch' })),
      ],
    });
    const res = await listOrders(
      apiEvent({ routeKey: 'GET /admin/orders', queryStringParameters: { query: ' LEA@ ' }, claims: adminClaims() }),
    );
    expect(res.statusCode).toBe(200);
    expect((parseBody(res).items as { id: string }[]).map((o) => o.id)).toEqual(['b-2']);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': 'ORDERS' },
    });
  });

  it('exports every page of the search as a CSV attachment', async () => {
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({
        Items: [storedOrderItem(anOrder({ id: 'a-1', email: 'lea@example.ch' }))],
        LastEvaluatedKey: { PK: 'ORDER#a-1', SK: 'ORDER', GSI3PK: 'ORDERS', GSI3SK: '2026' },
      })
      .resolves({ Items: [storedOrderItem(anOrder({ id: 'b-2', email: 'lea@example.ch' }))] });
    const res = await exportOrders(
      apiEvent({
        routeKey: 'GET /admin/orders/export',
        queryStringParameters: { query: 'lea' },
        claims: adminClaims(),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('text/csv; charset=utf-8');
    const rows = String(res.body).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^A-1,/i);
    // Who took the customers' data, with which search and how many rows: one new audit entry.
    const audited = ddbMock.commandCalls(PutCommand).map((call) => call.args[0].input);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      Item: {
        PK: expect.stringMatching(/^AUDIT#/),
        action: 'EXPORT',
        tableName: 'orders',
        actorId: adminClaims().sub,
        after: JSON.stringify({ query: 'lea', rows: 2 }),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('hands over no export whose audit entry could not be written', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [storedOrderItem(anOrder({ id: 'a-1' }))] });
    ddbMock.on(PutCommand).rejects(new Error('the table is away'));
    const res = await exportOrders(apiEvent({ routeKey: 'GET /admin/orders/export', claims: adminClaims() }));
    expect(res.statusCode).toBe(500);
    expect(String(res.body)).not.toContain('A-1');
  });

  it('writes a manual order confirmed, with its outbox event, the audit entry and the guarded stock change in one transaction', async () => {
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [storedProductItem(aProduct({ id: 'tee', price: 4_900, sizes: ['M'], colors: ['Black'] }))],
      },
    });
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(GetCommand).resolves({});
    const emf = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const res = await createOrder(
      apiEvent({
        routeKey: 'POST /admin/orders',
        claims: adminClaims(),
        body: {
          customer: {
            email: 'marc@example.ch',
            firstName: 'Marc',
            lastName: 'Bühler',
            address: 'Marktgasse 28',
            city: 'Winterthur',
            zipCode: '8400',
            country: 'CH',
          },
          line: { productId: 'tee', size: 'M', color: 'Black', quantity: 2 },
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(parseBody(res)).toMatchObject({ status: 'confirmed', subtotal: 9_800, shipping: 1_000, total: 10_800 });
    const metrics = emf.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(metrics.filter((line) => '_aws' in line)).toEqual([
      expect.objectContaining({ OrdersPlaced: 1 }),
      expect.objectContaining({ Revenue: 108 }),
    ]);
    const [put, audit, stock] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    const item = put!.Put!.Item as {
      status: string;
      outbox: Record<string, { detail: { reason: string; to: string } }>;
    };
    expect(item.status).toBe('confirmed');
    expect(Object.values(item.outbox).map((entry) => [entry.detail.reason, entry.detail.to])).toEqual([
      ['manual_order', 'confirmed'],
    ]);
    expect(audit!.Put!.Item).toMatchObject({ action: 'CREATE', tableName: 'orders' });
    expect(stock!.Update).toMatchObject({
      Key: { PK: 'PRODUCT#tee' },
      ConditionExpression: 'attribute_exists(PK) AND stockQuantity >= :needed',
      ExpressionAttributeValues: { ':delta': -2, ':needed': 2 },
    });
  });

  it('gives 404 for an unknown order', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await getOrder(
      apiEvent({ routeKey: 'GET /admin/orders/{id}', pathParameters: { id: 'nope' }, claims: adminClaims() }),
    );
    expect(res.statusCode).toBe(404);
  });

  it('reads the order alone, within the ORDER# items its IAM grant allows', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    const res = await getOrder(
      apiEvent({ routeKey: 'GET /admin/orders/{id}', pathParameters: { id: order.id }, claims: adminClaims() }),
    );
    expect(res.statusCode).toBe(200);
    expect(expectWithinTableScope('GET /admin/orders/{id}', ddbMock).read).toEqual([`ORDER#${order.id}`]);
  });

  it('cancels in one transaction: the order on the condition nobody changed it, the units back, the audit entry; then publishes', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(UpdateCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });

    const res = await patch({ status: 'cancelled', message: 'Sorry, out of fabric.' });

    expect(res.statusCode).toBe(200);
    const [orderUpdate, audit, stock] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(orderUpdate!.Update).toMatchObject({
      ConditionExpression: '#status = :from AND updatedAt = :seen',
      ExpressionAttributeValues: { ':from': 'confirmed', ':to': 'cancelled', ':seen': order.updatedAt },
    });
    expect(audit!.Put).toMatchObject({
      Item: { action: 'UPDATE', tableName: 'orders', recordId: order.id, actorEmail: 'admin@linea.test' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(stock!.Update).toMatchObject({ Key: { PK: 'PRODUCT#tee' }, ExpressionAttributeValues: { ':delta': 2 } });
  });

  it('refuses a status that does not exist, a carrier off the list and unknown fields, naming them, and writes nothing', async () => {
    const res = await patch({ status: 'lost', carrier: 'Pigeon', total: 0 });
    expect(res.statusCode).toBe(400);
    const fields = (parseBody(res).details as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['status', 'carrier']));
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('changes nothing and writes no audit entry when the form states what the order already is', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    const res = await patch({ status: 'confirmed', trackingNumber: '' });
    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
