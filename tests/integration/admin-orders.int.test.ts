/**
 * The admin's order desk through the public API: search, details, status updates that email the
 * customer and move stock, and the audit entry that comes with every change or not at all.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminAuditResponse, AdminOrdersResponse } from '@linea/shared/contracts/admin';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { toItem, type Order } from '../../functions/data/order-repository';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import { anOrder, anOrderItem } from '../fixtures/orders';
import { api, documentClient, endpoints, signInAsAdmin, signUp, unique, uniqueEmail, waitForEmail } from './helpers';

const db = documentClient();
let admin: string;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

async function arrangeProduct(stockQuantity: number): Promise<Product> {
  const id = unique('it-admin');
  const product: Product = {
    id,
    name: `Admin ${id}`,
    description: 'Arranged by the admin orders test',
    price: 4_900,
    category: 'Basics',
    stockQuantity,
    featured: false,
    active: true,
    sizes: ['M'],
    colors: ['Black'],
    images: [`/images/products/${id}.svg`],
    sortOrder: 1,
    createdAt: new Date().toISOString(),
  };
  await createProductRepository(db, () => endpoints().tableName).put(product);
  return product;
}

async function arrangeOrder(overrides: Partial<Order> = {}): Promise<Order> {
  const now = new Date().toISOString();
  const order = anOrder({
    id: randomUUID(),
    email: uniqueEmail('desk'),
    status: 'confirmed',
    createdAt: now,
    updatedAt: now,
    locale: 'en',
    ...overrides,
  });
  await db.send(new PutCommand({ TableName: endpoints().tableName, Item: toItem(order) }));
  return order;
}

const stockOf = async (productId: string) =>
  (
    await db.send(
      new GetCommand({ TableName: endpoints().tableName, Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' } }),
    )
  ).Item?.stockQuantity as number;

async function auditEntriesOf(recordId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: endpoints().tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      FilterExpression: 'recordId = :id',
      ExpressionAttributeValues: { ':pk': 'AUDIT', ':id': recordId },
    }),
  );
  return Items ?? [];
}

describe('GET /admin/orders', () => {
  it('finds orders by any part of their id, number or email, in any case, newest first, 10 a page', async () => {
    const tag = unique('needle').toLowerCase();
    const placed = [];
    for (let i = 0; i < 12; i += 1) {
      placed.push(
        await arrangeOrder({
          email: `${tag}-${i}@example.com`,
          createdAt: new Date(Date.now() - (12 - i) * 1000).toISOString(),
        }),
      );
    }
    const first = await api<AdminOrdersResponse>(`/admin/orders?query=${encodeURIComponent(tag.toUpperCase())}`, {
      token: admin,
    });
    expect(first.status).toBe(200);
    expect(first.body.items.map((o) => o.email)).toEqual(
      placed
        .slice(2)
        .reverse()
        .map((o) => o.email),
    );
    const second = await api<AdminOrdersResponse>(
      `/admin/orders?query=${tag}&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
      { token: admin },
    );
    expect(second.body.items.map((o) => o.email)).toEqual([placed[1]!.email, placed[0]!.email]);

    const byNumber = await api<AdminOrdersResponse>(`/admin/orders?query=${placed[5]!.id.slice(-8).toUpperCase()}`, {
      token: admin,
    });
    expect(byNumber.body.items.map((o) => o.id)).toEqual([placed[5]!.id]);
  });

  it('lists the newest orders without a query, and refuses a forged cursor with 400', async () => {
    const newest = await arrangeOrder({ createdAt: new Date(Date.now() + 60_000).toISOString() });
    const { body } = await api<AdminOrdersResponse>('/admin/orders', { token: admin });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]!.id).toBe(newest.id);

    const forged = Buffer.from(
      JSON.stringify({ PK: 'CUSTOMER#x', SK: 'PROFILE', GSI3PK: 'AUDIT', GSI3SK: 'x' }),
    ).toString('base64url');
    const refused = await api(`/admin/orders?cursor=${forged}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'cursor' }] } });
  });

  it('is for admins only', async () => {
    const shopper = await signUp();
    expect((await api('/admin/orders', { token: shopper.idToken })).status).toBe(403);
    expect((await api('/admin/orders')).status).toBe(401);
    expect((await api(`/admin/orders/${randomUUID()}`, { token: shopper.idToken })).status).toBe(403);
  });
});

describe('PATCH /admin/orders/{id}', () => {
  it('ships an order: the customer gets the status, the note and a working tracking link, in their language', async () => {
    const order = await arrangeOrder({ locale: 'de', firstName: 'Lea' });
    const { status, body } = await api<OrderDto>(`/admin/orders/${order.id}`, {
      method: 'PATCH',
      token: admin,
      json: {
        status: 'shipped',
        carrier: 'Swiss Post',
        trackingNumber: '99.00.123456.12345678',
        trackingUrl: 'https://service.post.ch/ekp-web/ui/entry/shipping/1/?formattedParcelCodes=99.00.123456.12345678',
        message: 'Mit Liebe verpackt.',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'shipped', carrier: 'Swiss Post', trackingNumber: '99.00.123456.12345678' });

    const mail = await waitForEmail(order.email);
    expect(mail.subject).toBe(`Ihre LINEA-Bestellung ${order.id.slice(-8).toUpperCase()}: Versandt`);
    expect(mail.body.text).toContain('Mit Liebe verpackt.');
    expect(mail.body.text).toContain('Swiss Post');
    expect(mail.body.html).toContain(
      'href="https://service.post.ch/ekp-web/ui/entry/shipping/1/?formattedParcelCodes=99.00.123456.12345678"',
    );

    const [entry, ...more] = await auditEntriesOf(order.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'UPDATE', tableName: 'orders', actorEmail: endpoints().adminEmail });
    expect(JSON.parse(entry!.before as string)).toEqual({ status: 'confirmed' });
    expect(JSON.parse(entry!.after as string)).toMatchObject({ status: 'shipped', carrier: 'Swiss Post' });
  });

  it('puts the units back when it cancels, and takes them again when it revives the order', async () => {
    const product = await arrangeProduct(3);
    const order = await arrangeOrder({
      items: [anOrderItem({ productId: product.id, quantity: 2, lineTotal: 9_800, size: 'M', color: 'Black' })],
    });
    const patch = (status: string) =>
      api(`/admin/orders/${order.id}`, { method: 'PATCH', token: admin, json: { status } });

    expect((await patch('cancelled')).status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    expect((await patch('confirmed')).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('writes nothing, not even the audit entry, when the change cannot be made', async () => {
    const product = await arrangeProduct(1);
    const order = await arrangeOrder({
      status: 'cancelled',
      items: [anOrderItem({ productId: product.id, quantity: 2, lineTotal: 9_800, size: 'M', color: 'Black' })],
    });
    const revive = await api(`/admin/orders/${order.id}`, {
      method: 'PATCH',
      token: admin,
      json: { status: 'confirmed' },
    });

    expect(revive.status).toBe(409);
    expect(revive.body).toMatchObject({ error: 'OUT_OF_STOCK' });
    expect(await stockOf(product.id)).toBe(1);
    expect(await auditEntriesOf(order.id)).toEqual([]);
    const { body } = await api<OrderDto>(`/admin/orders/${order.id}`, { token: admin });
    expect(body.status).toBe('cancelled');
  });

  it('refuses an unknown carrier, a tracking address that is not a web address and unknown fields, naming them', async () => {
    const order = await arrangeOrder();
    const { status, body } = await api(`/admin/orders/${order.id}`, {
      method: 'PATCH',
      token: admin,
      json: { status: 'shipped', carrier: 'Pigeon', trackingUrl: 'javascript:alert(1)', total: 1 },
    });
    expect(status).toBe(400);
    const fields = (body as { details: { fields: { field: string }[] } }).details.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['carrier', 'trackingUrl']));
    expect(await auditEntriesOf(order.id)).toEqual([]);
    expect(
      (await api(`/admin/orders/${randomUUID()}`, { method: 'PATCH', token: admin, json: { status: 'shipped' } }))
        .status,
    ).toBe(404);
  });
});

describe('GET /admin/orders/export', () => {
  it('downloads the orders of the search as CSV with a BOM, CHF amounts and umlauts intact, for admins only', async () => {
    const tag = unique('export').toLowerCase();
    await arrangeOrder({ email: `${tag}-1@example.com`, lastName: 'Müller', total: 10_500 });
    await arrangeOrder({ email: `${tag}-2@example.com`, lastName: 'Zoë' });
    const response = await fetch(`${endpoints().apiUrl}/admin/orders/export?query=${tag}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="linea-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Order number,/);
    expect(rows.some((row) => row.includes('Müller') && row.includes(',105.00,'))).toBe(true);
    expect(rows.some((row) => row.includes('Zoë'))).toBe(true);

    const shopper = await signUp();
    expect((await api('/admin/orders/export', { token: shopper.idToken })).status).toBe(403);
  });
});

describe('POST /admin/orders', () => {
  const customer = (email: string) => ({
    email,
    firstName: 'Marc',
    lastName: 'Bühler',
    address: 'Marktgasse 28',
    city: 'Winterthur',
    zipCode: '8400',
    country: 'CH',
  });

  it("creates a confirmed order at the admin's price plus CHF 10 shipping, reserves the units, mails the customer and logs it", async () => {
    const product = await arrangeProduct(5);
    const email = uniqueEmail('manual');
    const { status, body } = await api<OrderDto>('/admin/orders', {
      method: 'POST',
      token: admin,
      json: {
        customer: customer(email),
        line: { productId: product.id, size: 'M', color: 'Black', quantity: 2 },
        unitPrice: 3_990,
        locale: 'de',
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'confirmed',
      subtotal: 7_980,
      shipping: 1_000,
      discount: 0,
      total: 8_980,
      email,
    });
    expect(body.items[0]).toMatchObject({ unitPrice: 3_990, quantity: 2, lineTotal: 7_980 });
    expect(await stockOf(product.id)).toBe(3);

    const mail = await waitForEmail(email);
    expect(mail.subject).toBe(`Ihre LINEA-Bestellung ${body.number}`);
    const [entry, ...more] = await auditEntriesOf(body.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'CREATE', tableName: 'orders', recordId: body.id });
  });

  it("prices at the catalogue's price without a custom one, and refuses more than is left or a size the product lacks", async () => {
    const product = await arrangeProduct(1);
    const order = (line: Record<string, unknown>) =>
      api<OrderDto>('/admin/orders', {
        method: 'POST',
        token: admin,
        json: { customer: customer(uniqueEmail('manual')), line: { productId: product.id, color: 'Black', ...line } },
      });
    const short = await order({ size: 'M', quantity: 2 });
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ error: 'OUT_OF_STOCK' });
    const wrongSize = await order({ size: 'XXL', quantity: 1 });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body).toMatchObject({ details: { fields: [{ field: 'line.size' }] } });
    expect(await stockOf(product.id)).toBe(1);

    const ok = await order({ size: 'M', quantity: 1 });
    expect(ok.body).toMatchObject({ subtotal: product.price, total: product.price + 1_000 });
    expect(await stockOf(product.id)).toBe(0);

    const shopper = await signUp();
    const forbidden = await api('/admin/orders', { method: 'POST', token: shopper.idToken, json: {} });
    expect(forbidden.status).toBe(403);
  });
});

describe('GET /admin/audit', () => {
  it('reads the change an admin just made at the top of the log, and pages on with the cursor; admins only', async () => {
    const order = await arrangeOrder();
    await api(`/admin/orders/${order.id}`, { method: 'PATCH', token: admin, json: { status: 'processing' } });

    const first = await api<AdminAuditResponse>('/admin/audit?limit=2', { token: admin });
    expect(first.status).toBe(200);
    // Other files' admin changes may land meanwhile; ours is among the newest, once.
    const ours = first.body.items.filter((entry) => entry.recordId === order.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      action: 'UPDATE',
      tableName: 'orders',
      actorEmail: endpoints().adminEmail,
      before: { status: 'confirmed' },
      after: { status: 'processing' },
    });
    expect(first.body.nextCursor).toBeDefined();
    const next = await api<AdminAuditResponse>(`/admin/audit?limit=2&cursor=${first.body.nextCursor}`, {
      token: admin,
    });
    expect(next.status).toBe(200);
    const seen = new Set(first.body.items.map((entry) => entry.id));
    expect(next.body.items.some((entry) => seen.has(entry.id))).toBe(false);
    expect(next.body.items.every((entry) => entry.createdAt <= first.body.items.at(-1)!.createdAt)).toBe(true);

    const customer = await signUp();
    expect((await api('/admin/audit', { token: customer.idToken })).status).toBe(403);
    expect((await api('/admin/audit')).status).toBe(401);
  });
});
