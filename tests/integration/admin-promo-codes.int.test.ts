/**
 * The admin's promo codes through the public API: create, list, switch and delete, each with
 * exactly one audit entry; the storefront's lookup and the checkout honour the switch, the
 * validity window and the usage limit, and an order gives its use back when it is cancelled.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckoutResponse } from '@linea/shared/contracts/checkout';
import type { OrderDto } from '@linea/shared/contracts/orders';
import type { AdminPromoDto, AdminPromoListResponse } from '@linea/shared/contracts/promo-codes';
import { PromoInvalidError } from '@linea/shared/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderRepository } from '../../functions/data/order-repository';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import { anOrder, anOrderItem } from '../fixtures/orders';
import {
  api,
  documentClient,
  endpoints,
  signInAsAdmin,
  signUp,
  unique,
  uniqueEmail,
  type ApiResponse,
  admitted,
  pause,
} from './helpers';

const db = documentClient();
let admin: string;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

/** A code no other test uses: at most 20 characters of A–Z, 0–9 and '-'. */
const uniqueCode = (prefix = 'IT') => unique(prefix).toUpperCase();

async function arrangeProduct(stockQuantity = 100): Promise<Product> {
  const id = unique('it-promo');
  const product: Product = {
    id,
    name: `Promo ${id}`,
    description: 'Arranged by the admin promo codes test',
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

const stockOf = async (productId: string) =>
  (
    await db.send(
      new GetCommand({ TableName: endpoints().tableName, Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' } }),
    )
  ).Item?.stockQuantity as number;

/** The stored code as the table holds it; undefined once deleted. */
const storedPromo = async (code: string) =>
  (await db.send(new GetCommand({ TableName: endpoints().tableName, Key: { PK: `PROMO#${code}`, SK: 'PROMO' } }))).Item;

async function auditEntriesOf(recordId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: endpoints().tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      FilterExpression: 'recordId = :id',
      ExpressionAttributeValues: { ':pk': 'AUDIT', ':id': recordId },
      ScanIndexForward: true,
    }),
  );
  return Items ?? [];
}

/**
 * A call to a throttled public route. Its token bucket is the route's, shared with every other
 * file of the run (as API Gateway's is): each call waits a little first, so this file never
 * takes tokens faster than the bucket refills, and a 429 is tried again.
 */
const throttled = <T = Record<string, unknown>>(path: string, init: Parameters<typeof api>[1] = {}) =>
  admitted(async (): Promise<ApiResponse<T>> => {
    await pause(250);
    return api<T>(path, init);
  });

/** The storefront's lookup (GET /promo-codes/{code}, throttled to 5 a second). */
const lookUp = (code: string) => throttled(`/promo-codes/${encodeURIComponent(code)}`);

const createCode = (json: unknown, token = admin) =>
  api<AdminPromoDto & { error?: string; details?: { fields: { field: string }[] } }>('/admin/promo-codes', {
    method: 'POST',
    token,
    json,
  });
const setActive = (code: string, isActive: boolean, token = admin) =>
  api<AdminPromoDto>(`/admin/promo-codes/${code}`, { method: 'PATCH', token, json: { isActive } });
const deleteCode = (code: string, token = admin) => api(`/admin/promo-codes/${code}`, { method: 'DELETE', token });
const listCodes = async () => {
  const response = await api<AdminPromoListResponse>('/admin/promo-codes', { token: admin });
  expect(response.status).toBe(200);
  return response.body.items;
};

type CheckoutResult = ApiResponse<CheckoutResponse & { error?: string; details?: Record<string, unknown> }>;

/** POST /checkout (throttled per route, 20 a second with bursts of 40): a 429 is tried again. */
async function checkout(product: Product, promoCode?: string): Promise<CheckoutResult> {
  for (let attempt = 0; ; attempt += 1) {
    const response: CheckoutResult = await api('/checkout', {
      method: 'POST',
      json: {
        lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }],
        customer: {
          email: uniqueEmail('promo'),
          firstName: 'Anna',
          lastName: 'Muster',
          address: 'Bahnhofstrasse 1',
          city: 'Zürich',
          zipCode: '8001',
          country: 'CH',
        },
        ...(promoCode ? { promoCode } : {}),
        locale: 'en',
      },
    });
    if (response.status !== 429 || attempt >= 40) return response;
    await pause(100 + Math.random() * 400);
  }
}

const adminOrder = async (orderId: string) => {
  const response = await api<OrderDto>(`/admin/orders/${orderId}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body;
};
const setOrderStatus = (orderId: string, status: string) =>
  api<OrderDto>(`/admin/orders/${orderId}`, { method: 'PATCH', token: admin, json: { status } });

describe('admin promo codes', () => {
  it('creates a typed code upper-cased and a generated one, lists them newest first, and refuses a duplicate', async () => {
    const typed = uniqueCode('WELCOME');
    const created = await createCode({ type: 'percentage', percent: 15, code: ` ${typed.toLowerCase()} ` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: typed, type: 'percentage', percent: 15, isActive: true, uses: 0 });

    const duplicate = await createCode({ type: 'amount', amount: 500, code: typed });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: 'CONFLICT' });

    const generated = await createCode({ type: 'amount' });
    expect(generated.status).toBe(201);
    expect(generated.body.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(generated.body).toMatchObject({ type: 'amount', amount: 1_000, isActive: true, uses: 0 });

    const items = await listCodes();
    const ours = items.filter((item) => item.code === typed || item.code === generated.body.code);
    expect(ours.map((item) => item.code)).toEqual([generated.body.code, typed]);
    expect(ours[1]).toEqual(created.body);
    // Newest first across the whole list.
    const times = items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The seeded codes are there too, with 0 uses.
    expect(items.find((item) => item.code === 'SUMMER25')).toMatchObject({ isActive: false, uses: 0 });

    // One audit entry per code created; the refused duplicate wrote none and changed nothing.
    const [entry, ...more] = await auditEntriesOf(typed);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'CREATE',
      tableName: 'promo_codes',
      recordId: typed,
      actorEmail: endpoints().adminEmail,
    });
    expect(JSON.parse(entry!.after as string)).toMatchObject({ code: typed, percent: 15 });
    expect(await storedPromo(typed)).toMatchObject({ type: 'percentage', percent: 15 });
    expect(await auditEntriesOf(generated.body.code)).toHaveLength(1);
  });

  it('switches a code off and on and deletes it, with one audit entry per change, and the shop follows', async () => {
    const code = uniqueCode('TOGGLE');
    expect((await createCode({ type: 'free_shipping', code })).status).toBe(201);
    expect((await lookUp(code)).body).toEqual({ code, type: 'free_shipping' });

    const off = await setActive(code.toLowerCase(), false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ code, isActive: false });
    const refused = await lookUp(code);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'PROMO_INVALID' });
    // Asking for what already is changes nothing and logs nothing.
    expect((await setActive(code, false)).status).toBe(200);

    expect((await setActive(code, true)).body).toMatchObject({ isActive: true });
    expect((await lookUp(code)).status).toBe(200);

    const deleted = await deleteCode(code);
    expect(deleted.status).toBe(204);
    expect(await storedPromo(code)).toBeUndefined();
    expect((await listCodes()).map((item) => item.code)).not.toContain(code);
    expect((await lookUp(code)).status).toBe(404);
    expect((await deleteCode(code)).status).toBe(404);
    expect((await setActive(code, true)).status).toBe(404);

    const entries = await auditEntriesOf(code);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(entries.every((entry) => entry.tableName === 'promo_codes')).toBe(true);
    expect(JSON.parse(entries[1]!.before as string)).toEqual({ isActive: true });
    expect(JSON.parse(entries[1]!.after as string)).toEqual({ isActive: false });
    expect(JSON.parse(entries[2]!.after as string)).toEqual({ isActive: true });
    expect(JSON.parse(entries[3]!.before as string)).toMatchObject({ code, type: 'free_shipping', isActive: true });
  });

  it('refuses bad codes and values naming the field, and writes nothing', async () => {
    const code = uniqueCode('BAD');
    const attempts: Array<[unknown, string]> = [
      [{ type: 'percentage', percent: 0, code }, 'percent'],
      [{ type: 'percentage', percent: 101, code }, 'percent'],
      [{ type: 'amount', amount: 50, code }, 'amount'],
      [{ type: 'free_shipping', amount: 1_000, code }, 'amount'],
      [{ type: 'percentage', code, uses: 5 }, 'uses'],
      [{ type: 'percentage', code: `${code}!` }, 'code'],
      [
        { type: 'percentage', code, validFrom: '2026-12-24T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' },
        'validUntil',
      ],
    ];
    for (const [json, field] of attempts) {
      const { status, body } = await createCode(json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.details!.fields.map((f) => f.field)).toContain(field);
    }
    expect(await storedPromo(code)).toBeUndefined();
    expect(await auditEntriesOf(code)).toEqual([]);
    expect((await setActive(code, 'yes' as unknown as boolean)).status).toBe(400);
  });

  it('is for admins only, on every route', async () => {
    const code = uniqueCode('GUARD');
    expect((await createCode({ type: 'percentage', code })).status).toBe(201);
    const shopper = await signUp();
    for (const token of [shopper.idToken, undefined]) {
      const expected = token ? 403 : 401;
      const as = token ? { token } : {};
      expect((await api('/admin/promo-codes', as)).status).toBe(expected);
      expect((await api('/admin/promo-codes', { ...as, method: 'POST', json: { type: 'percentage' } })).status).toBe(
        expected,
      );
      expect(
        (await api(`/admin/promo-codes/${code}`, { ...as, method: 'PATCH', json: { isActive: false } })).status,
      ).toBe(expected);
      expect((await api(`/admin/promo-codes/${code}`, { ...as, method: 'DELETE' })).status).toBe(expected);
    }
    expect(await storedPromo(code)).toMatchObject({ isActive: true });
    expect(await auditEntriesOf(code)).toHaveLength(1);
  });
});

describe('a code in the shop', () => {
  it('applies only inside its validity window, at the lookup and at checkout', async () => {
    const product = await arrangeProduct();
    const hour = 60 * 60 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const notYet = uniqueCode('SOON');
    const over = uniqueCode('OVER');
    const now = uniqueCode('NOW');
    expect((await createCode({ type: 'percentage', code: notYet, validFrom: at(hour) })).status).toBe(201);
    expect((await createCode({ type: 'percentage', code: over, validUntil: at(-hour) })).status).toBe(201);
    expect(
      (await createCode({ type: 'percentage', code: now, validFrom: at(-hour), validUntil: at(hour) })).status,
    ).toBe(201);

    for (const code of [notYet, over]) {
      const refused = await lookUp(code);
      expect(refused.status, code).toBe(404);
      expect(refused.body).toMatchObject({ error: 'PROMO_INVALID' });
      const placed = await checkout(product, code);
      expect(placed.status, code).toBe(404);
      expect(placed.body.error).toBe('PROMO_INVALID');
    }
    expect((await lookUp(now)).body).toEqual({ code: now, type: 'percentage', percent: 10 });
    expect((await checkout(product, now.toLowerCase())).status).toBe(201);
    expect(await stockOf(product.id)).toBe(99);
    expect((await storedPromo(now))?.uses).toBe(1);
    expect((await storedPromo(notYet))?.uses).toBe(0);
    expect((await storedPromo(over))?.uses).toBe(0);
  });

  it('gives a code with a usage limit of 1 to exactly one of 20 concurrent checkouts; cancelling that order gives the use back', async () => {
    const product = await arrangeProduct(100);
    const code = uniqueCode('ONCE');
    expect((await createCode({ type: 'percentage', percent: 10, code, usageLimit: 1 })).status).toBe(201);

    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(product, code)));

    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(19);
    for (const refused of results.filter((result) => result.status === 404)) {
      expect(refused.body).toMatchObject({ error: 'PROMO_INVALID', details: { code } });
    }
    const winner = results.find((result) => result.status === 201)!.body;
    const order = await adminOrder(winner.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: 4_900,
      discount: 490,
      promo: { code, type: 'percentage' },
    });
    expect(await stockOf(product.id)).toBe(99);
    expect((await storedPromo(code))?.uses).toBe(1);
    expect((await listCodes()).find((item) => item.code === code)).toMatchObject({ uses: 1, usageLimit: 1 });
    expect((await lookUp(code)).status).toBe(404);

    // The admin cancels the pending order: its units and its use of the code come back.
    const cancelled = await setOrderStatus(winner.orderId, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await storedPromo(code))?.uses).toBe(0);
    expect(await stockOf(product.id)).toBe(100);
    expect((await lookUp(code)).status).toBe(200);

    const again = await checkout(product, code);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await adminOrder(again.body.orderId)).discount).toBe(490);
    expect((await storedPromo(code))?.uses).toBe(1);
    expect((await checkout(product, code)).status).toBe(404);
  });

  it('takes the last use in the checkout transaction itself: of 20 orders placed at once past the lookup, one holds it', async () => {
    // The API race above may be settled by the shop's lookup before the transaction is reached;
    // here every order goes straight to the transaction, as if all had passed the lookup.
    const product = await arrangeProduct(100);
    const code = uniqueCode('LAST');
    expect((await createCode({ type: 'amount', amount: 1_000, code, usageLimit: 1 })).status).toBe(201);
    const repository = createOrderRepository(db, () => endpoints().tableName);
    const at = new Date().toISOString();

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        repository.placeWithStockReservation(
          anOrder({
            id: randomUUID(),
            email: uniqueEmail('direct'),
            items: [anOrderItem({ productId: product.id, quantity: 1, lineTotal: 4_900, color: 'Black' })],
            subtotal: 4_900,
            discount: 1_000,
            total: 4_600,
            promo: { code, type: 'amount' },
            statusHistory: [{ status: 'pending', at, reason: 'placed' }],
            createdAt: at,
            updatedAt: at,
          }),
        ),
      ),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const result of refused) expect(result.reason).toBeInstanceOf(PromoInvalidError);
    expect((await storedPromo(code))?.uses).toBe(1);
    expect(await stockOf(product.id)).toBe(99);
  });

  it('gives the use back when the shopper abandons the checkout, takes it again when the admin revives the order, and leaves a deleted code deleted', async () => {
    const product = await arrangeProduct(100);
    const code = uniqueCode('BACK');
    expect((await createCode({ type: 'amount', amount: 1_500, code, usageLimit: 1 })).status).toBe(201);

    const placed = await checkout(product, code);
    expect(placed.status).toBe(201);
    expect((await storedPromo(code))?.uses).toBe(1);

    const abandoned = await api<OrderDto>('/checkout/abandon', {
      method: 'POST',
      json: { sessionId: placed.body.sessionId },
    });
    expect(abandoned.status).toBe(200);
    expect(abandoned.body).toMatchObject({ status: 'cancelled', discount: 1_500 });
    expect((await storedPromo(code))?.uses).toBe(0);

    // Reviving the order takes its units and its use again.
    expect((await setOrderStatus(placed.body.orderId, 'confirmed')).status).toBe(200);
    expect((await storedPromo(code))?.uses).toBe(1);
    expect(await stockOf(product.id)).toBe(99);

    // Once the code is deleted, cancelling the order changes the order alone: the code stays gone.
    expect((await deleteCode(code)).status).toBe(204);
    const cancelled = await setOrderStatus(placed.body.orderId, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', promo: { code } });
    expect(await storedPromo(code)).toBeUndefined();
    expect(await stockOf(product.id)).toBe(100);
    expect((await lookUp(code)).status).toBe(404);
  });
});
