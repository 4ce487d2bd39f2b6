import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '@linea/shared/contracts/products';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { aProduct, storedProductItem } from '../../../tests/fixtures/products';
import { handler as createProduct } from './create-product';
import { handler as deleteProduct } from './delete-product';
import { handler as listProducts } from './list-products';
import { handler as moveProduct } from './move-product';
import { handler as updateProduct } from './update-product';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  // The highest sort order given out: none yet unless a test says so.
  ddbMock.on(GetCommand, { Key: { PK: 'PRODUCT_ORDER', SK: 'TOP' } }).resolves({});
  busMock.reset();
  busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
});

/** `null`: no token at all. */
type Claims = Record<string, string> | null;

const list = (claims: Claims = adminClaims()) =>
  listProducts(apiEvent({ routeKey: 'GET /admin/products', claims: claims ?? undefined }));
const create = (body: unknown, claims: Claims = adminClaims()) =>
  createProduct(apiEvent({ routeKey: 'POST /admin/products', body, claims: claims ?? undefined }));
const patch = (id: string, body: unknown, claims: Claims = adminClaims()) =>
  updateProduct(
    apiEvent({ routeKey: 'PATCH /admin/products/{id}', pathParameters: { id }, body, claims: claims ?? undefined }),
  );
const remove = (id: string, claims: Claims = adminClaims()) =>
  deleteProduct(
    apiEvent({ routeKey: 'DELETE /admin/products/{id}', pathParameters: { id }, claims: claims ?? undefined }),
  );
const move = (id: string, body: unknown, claims: Claims = adminClaims()) =>
  moveProduct(
    apiEvent({ routeKey: 'POST /admin/products/{id}/move', pathParameters: { id }, body, claims: claims ?? undefined }),
  );

/** A product as the admin form sends it. */
const form = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Linen Shirt',
  description: 'Washed linen, relaxed fit.',
  price: 8_900,
  category: 'Tops',
  stockQuantity: 12,
  featured: false,
  sizes: ['S', 'M', 'L'],
  colors: ['White', 'Sand'],
  images: ['/images/products/linen-shirt.svg'],
  translations: { de: { name: 'Leinenhemd', colors: { White: 'Weiss', Sand: 'Sand' } } },
  ...overrides,
});

const fieldsOf = (res: { body?: string }) =>
  (parseBody(res).details as { fields: { field: string; message: string }[] }).fields;

const transactItems = (call = 0): NonNullable<TransactWriteCommandInput['TransactItems']> =>
  ddbMock.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

const published = () =>
  busMock.commandCalls(PutEventsCommand).map((call) => {
    const entry = call.args[0].input.Entries![0]!;
    return { type: entry.DetailType, detail: JSON.parse(entry.Detail!) as Record<string, unknown> };
  });

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('admin product routes', () => {
  it('answer 401 without a token and 403 to a customer on all five routes, reading nothing', async () => {
    for (const claims of [null, customerClaims()]) {
      const expected = claims ? 403 : 401;
      expect((await list(claims)).statusCode).toBe(expected);
      expect((await create(form(), claims)).statusCode).toBe(expected);
      expect((await patch('tee', { active: false }, claims)).statusCode).toBe(expected);
      expect((await remove('tee', claims)).statusCode).toBe(expected);
      expect((await move('tee', { direction: 'up' }, claims)).statusCode).toBe(expected);
    }
    expect(ddbMock.calls()).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });

  it('lists every product, inactive and out of stock ones too, with their Stripe ids', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        storedProductItem(aProduct({ id: 'a', sortOrder: 20, active: false, stripeProductId: 'prod_a' })),
        storedProductItem(aProduct({ id: 'b', sortOrder: 10, stockQuantity: 0 })),
      ],
    });
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(parseBody(res).items).toMatchObject([
      { id: 'a', active: false, inStock: true, stripeProductId: 'prod_a' },
      { id: 'b', active: true, inStock: false },
    ]);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ScanIndexForward: false,
    });
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.FilterExpression).toBeUndefined();
  });
});

describe('validation', () => {
  it.each([
    ['a price of 0', () => create(form({ price: 0 })), 'price'],
    ['an unknown field on create', () => create({ ...form(), sku: 'LS-1' }), 'sku'],
    [
      'a German name for a colour the new product lacks',
      () => create(form({ colors: ['White'], translations: { de: { colors: { Black: 'Schwarz' } } } })),
      'translations.de.colors.Black',
    ],
    ['an empty PATCH', () => patch('tee', {}), 'body'],
    ['an unknown field on PATCH', () => patch('tee', { sortOrder: 99 }), 'sortOrder'],
    ['a price of 0 on PATCH', () => patch('tee', { price: 0 }), 'price'],
    [
      'a German name for a colour the changed colours lack',
      () => patch('tee', { colors: ['White'], translations: { de: { colors: { Rot: 'Rot' } } } }),
      'translations.de.colors.Rot',
    ],
    ['a direction of left', () => move('tee', { direction: 'left' }), 'direction'],
    ['an unknown field on move', () => move('tee', { direction: 'up', by: 2 }), 'by'],
  ])('refuses %s with 400 naming the field, and reads nothing', async (_, send, field) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(parseBody(res).error).toBe('VALIDATION');
    expect(fieldsOf(res).map((f) => f.field)).toContain(field);
    expect(ddbMock.calls()).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });

  it('says what is wrong with an empty PATCH', async () => {
    const res = await patch('tee', {});
    expect(fieldsOf(res)).toEqual([{ field: 'body', message: 'Nothing to change' }]);
  });
});

describe('POST /admin/products', () => {
  it('writes the product above the top one with its CREATE audit entry in one transaction, then publishes ProductSaved', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        storedProductItem(aProduct({ id: 'top', sortOrder: 40 })),
        storedProductItem(aProduct({ id: 'other', sortOrder: 30 })),
      ],
    });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await create(form());

    expect(res.statusCode).toBe(201);
    const body = parseBody(res);
    expect(body).toMatchObject({
      id: 'linen-shirt',
      name: 'Linen Shirt',
      price: 8_900,
      active: true,
      inStock: true,
      sortOrder: 50,
      translations: { de: { name: 'Leinenhemd' } },
    });
    expect(body.stripeProductId).toBeUndefined();

    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const items = transactItems();
    expect(items).toHaveLength(3);
    const [put, top, audit] = items;
    // The place at the top is taken in the same transaction, so two creates cannot share it.
    expect(top!.Update).toMatchObject({
      Key: { PK: 'PRODUCT_ORDER', SK: 'TOP' },
      ConditionExpression: 'attribute_not_exists(topSortOrder) OR topSortOrder < :mine',
      ExpressionAttributeValues: { ':mine': 50 },
    });
    expect(put!.Put).toMatchObject({
      Item: {
        PK: 'PRODUCT#linen-shirt',
        SK: 'PRODUCT',
        entity: 'Product',
        name: 'Linen Shirt',
        active: true,
        sortOrder: 50,
        GSI1PK: 'PRODUCTS',
        GSI2PK: 'CATEGORY#tops',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(audit!.Put).toMatchObject({
      Item: {
        action: 'CREATE',
        tableName: 'products',
        recordId: 'linen-shirt',
        actorId: 'admin-1',
        actorEmail: 'admin@linea.test',
        GSI3PK: 'AUDIT',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(JSON.parse(String(audit!.Put!.Item!.after))).toMatchObject({ id: 'linen-shirt', price: 8_900 });

    expect(published()).toEqual([
      {
        type: 'ProductSaved',
        detail: {
          version: 1,
          productId: 'linen-shirt',
          savedAt: body.createdAt,
          metadata: { correlationId: expect.stringMatching(/^req-\d+$/) },
        },
      },
    ]);
  });

  it('gives a new product another id when its name is taken', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [storedProductItem(aProduct({ id: 'linen-shirt', sortOrder: 5 }))] });
    ddbMock.on(TransactWriteCommand).resolves({});
    const res = await create(form());
    expect(res.statusCode).toBe(201);
    expect(parseBody(res).id).toMatch(/^linen-shirt-[0-9a-f]{6}$/);
    expect(parseBody(res).sortOrder).toBe(15);
  });

  it('keeps the saved product when the event cannot be published', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(TransactWriteCommand).resolves({});
    busMock.on(PutEventsCommand).rejects(new Error('bus down'));
    const res = await create(form());
    expect(res.statusCode).toBe(201);
    expect(parseBody(res).sortOrder).toBe(10);
  });
});

describe('PATCH /admin/products/{id}', () => {
  const product = aProduct({ id: 'tee', stockQuantity: 7, active: true });

  it('sets only `active`, leaving the stock a checkout may be taking alone, with an UPDATE audit entry of that field', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await patch('tee', { active: false });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ id: 'tee', active: false, stockQuantity: 7 });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const [update, audit] = transactItems();
    expect(update!.Update).toMatchObject({ Key: { PK: 'PRODUCT#tee', SK: 'PRODUCT' } });
    expect(update!.Update!.UpdateExpression).toBe('SET #active = :active');
    expect(update!.Update!.ExpressionAttributeNames).toEqual({ '#active': 'active' });
    expect(Object.keys(update!.Update!.ExpressionAttributeValues!).sort()).toEqual([':active', ':stamp']);
    expect(update!.Update!.ExpressionAttributeValues![':active']).toBe(false);
    expect(JSON.stringify(update!.Update)).not.toContain('stockQuantity');
    expect(audit!.Put!.Item).toMatchObject({ action: 'UPDATE', tableName: 'products', recordId: 'tee' });
    expect(JSON.parse(String(audit!.Put!.Item!.before))).toEqual({ active: true });
    expect(JSON.parse(String(audit!.Put!.Item!.after))).toEqual({ active: false });
    expect(published()).toMatchObject([{ type: 'ProductSaved', detail: { productId: 'tee' } }]);
  });

  it('publishes ProductSaved for a change Stripe does not keep too: the storefront pages show it', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    ddbMock.on(TransactWriteCommand).resolves({});
    const res = await patch('tee', { price: 5_900 });
    expect(res.statusCode).toBe(200);
    expect(transactItems()[0]!.Update!.UpdateExpression).toBe('SET #price = :price');
    expect(published()).toMatchObject([{ type: 'ProductSaved', detail: { productId: 'tee' } }]);
  });

  it('takes a field whose keys come back from the table in another order as unchanged, and audits only what changed', async () => {
    const translated = aProduct({
      id: 'tee',
      translations: {
        de: { name: 'Bio-T-Shirt', description: 'Weich.', colors: { White: 'Weiss', Black: 'Schwarz' } },
      },
    });
    // DynamoDB returns a map's keys in an order of its own.
    const stored = {
      ...storedProductItem(translated),
      translations: {
        de: { colors: { Black: 'Schwarz', White: 'Weiss' }, description: 'Weich.', name: 'Bio-T-Shirt' },
      },
    };
    ddbMock.on(GetCommand).resolves({ Item: stored });
    ddbMock.on(TransactWriteCommand).resolves({});

    // The edit form sends every field back; only the price is new.
    const res = await patch('tee', { translations: translated.translations, price: 5_250 });

    expect(res.statusCode).toBe(200);
    const [update, audit] = transactItems();
    expect(update!.Update!.UpdateExpression).toBe('SET #price = :price');
    expect(JSON.parse(String(audit!.Put!.Item!.before))).toEqual({ price: 4_900 });
    expect(JSON.parse(String(audit!.Put!.Item!.after))).toEqual({ price: 5_250 });

    // Saved again without a change: nothing to write, nothing to audit.
    ddbMock.resetHistory();
    expect((await patch('tee', { translations: translated.translations, price: 4_900 })).statusCode).toBe(200);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 404 for an unknown product and writes nothing', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await patch('nope', { active: false });
    expect(res.statusCode).toBe(404);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });

  it('answers 404 when the product is deleted between the read and the write', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None']));
    expect((await patch('tee', { active: false })).statusCode).toBe(404);
    expect(busMock.calls()).toHaveLength(0);
  });
});

describe('DELETE /admin/products/{id}', () => {
  it('deletes with a DELETE audit entry in one transaction, answers 204 and publishes ProductDeleted with the Stripe id', async () => {
    const product = aProduct({ id: 'tee', stripeProductId: 'prod_Tee123' });
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await remove('tee');

    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
    const items = transactItems();
    expect(items).toHaveLength(2);
    expect(items[0]!.Delete).toMatchObject({
      Key: { PK: 'PRODUCT#tee', SK: 'PRODUCT' },
      ConditionExpression: 'attribute_exists(PK)',
    });
    expect(items[1]!.Put!.Item).toMatchObject({ action: 'DELETE', tableName: 'products', recordId: 'tee' });
    expect(JSON.parse(String(items[1]!.Put!.Item!.before))).toMatchObject({
      id: 'tee',
      stripeProductId: 'prod_Tee123',
    });
    expect(published()).toMatchObject([
      { type: 'ProductDeleted', detail: { version: 1, productId: 'tee', stripeProductId: 'prod_Tee123' } },
    ]);
  });

  it('answers 404 for an unknown product', async () => {
    ddbMock.on(GetCommand).resolves({});
    expect((await remove('nope')).statusCode).toBe(404);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });
});

describe('POST /admin/products/{id}/move', () => {
  const listed = [
    aProduct({ id: 'first', sortOrder: 30, createdAt: '2026-01-03T00:00:00.000Z', category: 'Tops' }),
    aProduct({ id: 'second', sortOrder: 20, createdAt: '2026-01-02T00:00:00.000Z' }),
    aProduct({ id: 'third', sortOrder: 10, createdAt: '2026-01-01T00:00:00.000Z' }),
  ];
  beforeEach(() => {
    ddbMock.on(QueryCommand).resolves({ Items: listed.map(storedProductItem) });
  });

  it('answers 409 for the first product moving up and the last moving down, writing nothing', async () => {
    const up = await move('first', { direction: 'up' });
    expect(up.statusCode).toBe(409);
    expect(parseBody(up).error).toBe('CONFLICT');
    expect((await move('third', { direction: 'down' })).statusCode).toBe(409);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 404 for a product not in the list', async () => {
    expect((await move('nope', { direction: 'up' })).statusCode).toBe(404);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('swaps exactly the two sort orders, each on the condition it is still what was read, with one audit entry', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await move('second', { direction: 'up' });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ id: 'second', sortOrder: 30 });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const items = transactItems();
    expect(items).toHaveLength(3);
    const [mine, theirs, audit] = items;
    expect(mine!.Update).toMatchObject({
      Key: { PK: 'PRODUCT#second' },
      ConditionExpression: 'sortOrder = :from',
      ExpressionAttributeValues: {
        ':from': 20,
        ':to': 30,
        ':gsi1sk': '0000000030#2026-01-02T00:00:00.000Z',
        ':gsi2sk': '0000000030#2026-01-02T00:00:00.000Z',
      },
    });
    expect(theirs!.Update).toMatchObject({
      Key: { PK: 'PRODUCT#first' },
      ConditionExpression: 'sortOrder = :from',
      ExpressionAttributeValues: { ':from': 30, ':to': 20, ':gsi1sk': '0000000020#2026-01-03T00:00:00.000Z' },
    });
    for (const update of [mine, theirs]) {
      expect(update!.Update!.UpdateExpression).toBe('SET sortOrder = :to, GSI1SK = :gsi1sk, GSI2SK = :gsi2sk');
    }
    expect(items.filter((item) => item.Update?.Key?.PK === 'PRODUCT#third')).toEqual([]);
    expect(audit!.Put!.Item).toMatchObject({ action: 'UPDATE', tableName: 'products', recordId: 'second' });
    expect(JSON.parse(String(audit!.Put!.Item!.before))).toEqual({
      sortOrder: 20,
      neighbour: 'first',
      neighbourSortOrder: 30,
    });
    expect(JSON.parse(String(audit!.Put!.Item!.after))).toEqual({
      sortOrder: 30,
      neighbour: 'first',
      neighbourSortOrder: 20,
    });
    // The storefront's lists show the new order.
    expect(published()).toMatchObject([{ type: 'ProductSaved', detail: { productId: 'second' } }]);
  });

  it('moves down onto the next product', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    expect((await move('second', { direction: 'down' })).statusCode).toBe(200);
    const [mine, theirs] = transactItems();
    expect(mine!.Update).toMatchObject({ Key: { PK: 'PRODUCT#second' }, ExpressionAttributeValues: { ':to': 10 } });
    expect(theirs!.Update).toMatchObject({ Key: { PK: 'PRODUCT#third' }, ExpressionAttributeValues: { ':to': 20 } });
  });

  it('answers 409 when a concurrent reorder changed either sort order meanwhile', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed', 'None']));
    expect((await move('second', { direction: 'up' })).statusCode).toBe(409);
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['TransactionConflict', 'None', 'None']));
    expect((await move('second', { direction: 'up' })).statusCode).toBe(409);
  });
});
