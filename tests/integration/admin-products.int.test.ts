/**
 * The admin's products through the public API on the local cloud: a product added at the top
 * shows in the shop, taking it out of the shop hides it from the list, its page and checkout,
 * reordering swaps exactly two sort orders (also under concurrent clicks), every change leaves
 * exactly one audit entry, and the product's copy at the Stripe stand-in follows through the bus.
 * Other files create products meanwhile: only this file's own products, and their order among
 * themselves, are asserted on.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { MyOrdersResponse } from '@linea/shared/contracts/account';
import type {
  AdminProductDto,
  AdminProductListResponse,
  ListProductsResponse,
  ProductDto,
  ProductInput,
} from '@linea/shared/contracts/products';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toItem } from '../../functions/data/order-repository';
import { anOrder, anOrderItem } from '../fixtures/orders';
import {
  api,
  documentClient,
  endpoints,
  signInAsAdmin,
  signUp,
  stripeClient,
  unique,
  type ApiResponse,
} from './helpers';

const db = documentClient();
let admin: string;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

/** Every product this file created: the only ones it asserts about. */
const mine = new Set<string>();

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<AdminProductDto> {
  const name = `IT Admin ${unique('product')}`;
  const { status, body } = await api<AdminProductDto>('/admin/products', {
    method: 'POST',
    token: admin,
    json: {
      name,
      description: 'Arranged by the admin products integration test',
      price: 5_900,
      category: 'Basics',
      stockQuantity: 5,
      sizes: ['M'],
      colors: ['Black'],
      images: ['/images/products/it-admin.svg'],
      translations: { de: { name: `${name} DE`, colors: { Black: 'Schwarz' } } },
      ...overrides,
    } satisfies ProductInput,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  mine.add(body.id);
  return body;
}

const patchProduct = (id: string, json: unknown) =>
  api<AdminProductDto & { error?: string }>(`/admin/products/${id}`, { method: 'PATCH', token: admin, json });
const moveProduct = (id: string, direction: 'up' | 'down') =>
  api<AdminProductDto & { error?: string }>(`/admin/products/${id}/move`, {
    method: 'POST',
    token: admin,
    json: { direction },
  });
const deleteProduct = (id: string) => api(`/admin/products/${id}`, { method: 'DELETE', token: admin });

async function adminList(): Promise<AdminProductDto[]> {
  const { status, body } = await api<AdminProductListResponse>('/admin/products', { token: admin });
  expect(status).toBe(200);
  return body.items;
}

/** Id → sort order of this file's products, as the admin list shows them. */
async function sortOrdersOfMine(): Promise<Map<string, number>> {
  return new Map((await adminList()).filter((p) => mine.has(p.id)).map((p) => [p.id, p.sortOrder]));
}

async function storefrontIds(): Promise<string[]> {
  const { status, body } = await api<ListProductsResponse>('/products');
  expect(status).toBe(200);
  return body.items.map((item) => item.id);
}

interface AuditItem {
  action: string;
  tableName: string;
  recordId: string;
  before?: string;
  after?: string;
  createdAt: string;
}

/** The audit entries of one record, oldest first (every page of GSI3 `AUDIT`). */
async function auditEntriesOf(recordId: string): Promise<AuditItem[]> {
  const items: AuditItem[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page: QueryCommandOutput = await db.send(
      new QueryCommand({
        TableName: endpoints().tableName,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        FilterExpression: 'recordId = :id',
        ExpressionAttributeValues: { ':pk': 'AUDIT', ':id': recordId },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((page.Items ?? []) as AuditItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const parsed = (text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as unknown));

/** Waits until the product's Stripe id is stored (the StripeProductSync consumer ran). */
async function stripeIdOf(id: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const stripeProductId = (await adminList()).find((p) => p.id === id)?.stripeProductId;
      expect(stripeProductId).toMatch(/^prod_/);
      return stripeProductId!;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('POST /admin/products', () => {
  it('adds a product above every other, which the shop lists and shows, with one CREATE audit entry', async () => {
    const top = Math.max(...(await adminList()).map((p) => p.sortOrder));

    const created = await createProduct();

    expect(created).toMatchObject({ active: true, inStock: true, stockQuantity: 5, featured: false, price: 5_900 });
    expect(created.id).toMatch(/^it-admin-product-[a-z0-9-]+$/);
    expect(created.sortOrder).toBeGreaterThan(top);
    expect(await storefrontIds()).toContain(created.id);
    const page = await api<ProductDto>(`/products/${created.id}?lang=de`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: created.id, name: `${created.name} DE`, colorNames: { Black: 'Schwarz' } });

    const audit = await auditEntriesOf(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'CREATE', tableName: 'products' });
    expect(parsed(audit[0]!.after)).toMatchObject({ id: created.id, name: created.name, active: true });
  });

  it('gives products created at the same moment each their own place at the top', async () => {
    const created = await Promise.all([createProduct(), createProduct(), createProduct()]);
    const orders = created.map((product) => product.sortOrder);
    expect(new Set(orders).size).toBe(3);
    const listed = await sortOrdersOfMine();
    for (const product of created) expect(listed.get(product.id)).toBe(product.sortOrder);
  });

  it('refuses a bad product with 400 naming the field, and for customers with 403', async () => {
    const refused = await api<{ error: string; details: { fields: { field: string }[] } }>('/admin/products', {
      method: 'POST',
      token: admin,
      json: { name: 'Free Tee', description: 'x', price: 0, category: 'Basics', sizes: [], colors: [], images: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields.map((f) => f.field)).toEqual(['price']);
    const shopper = await signUp();
    expect((await api('/admin/products', { token: shopper.idToken })).status).toBe(403);
    expect((await api('/admin/products')).status).toBe(401);
  });
});

describe('PATCH /admin/products/{id}', () => {
  it('takes a product out of the shop: its page 404s, the list and checkout leave it out; the admin still sees it', async () => {
    const product = await createProduct();

    const patched = await patchProduct(product.id, { active: false });

    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: product.id, active: false, stockQuantity: 5, name: product.name });
    expect((await api(`/products/${product.id}`)).status).toBe(404);
    expect(await storefrontIds()).not.toContain(product.id);
    const checkout: ApiResponse<{ error: string; details: { fields: { field: string; message: string }[] } }> =
      await api('/checkout', {
        method: 'POST',
        json: {
          lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }],
          customer: {
            email: `${unique('buyer')}@example.com`,
            firstName: 'Anna',
            lastName: 'Muster',
            address: 'Bahnhofstrasse 1',
            city: 'Zürich',
            zipCode: '8001',
            country: 'CH',
          },
          locale: 'en',
        },
      });
    expect(checkout.status).toBe(400);
    expect(checkout.body.details.fields).toContainEqual({ field: 'lines.0.productId', message: 'No such product' });
    expect((await adminList()).find((p) => p.id === product.id)).toMatchObject({ active: false, stockQuantity: 5 });

    const audit = await auditEntriesOf(product.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CREATE', 'UPDATE']);
    const update = audit.find((entry) => entry.action === 'UPDATE')!;
    expect(parsed(update.before)).toEqual({ active: true });
    expect(parsed(update.after)).toEqual({ active: false });

    // Back in the shop, with its stock untouched.
    expect((await patchProduct(product.id, { active: true })).status).toBe(200);
    expect((await api(`/products/${product.id}`)).status).toBe(200);
    expect(await storefrontIds()).toContain(product.id);
    expect(await auditEntriesOf(product.id)).toHaveLength(3);
  });

  it("deletes a product from the shop and from wishlists' display, never from the orders that bought it", async () => {
    const product = await createProduct({ price: 7_300 });
    const shopper = await signUp();
    expect((await api(`/wishlist/${product.id}`, { method: 'PUT', token: shopper.idToken })).status).toBe(204);
    const now = new Date().toISOString();
    const order = anOrder({
      id: randomUUID(),
      userId: shopper.sub,
      status: 'confirmed',
      createdAt: now,
      updatedAt: now,
      items: [
        anOrderItem({
          productId: product.id,
          name: product.name,
          image: product.images[0],
          unitPrice: 7_300,
          quantity: 1,
          lineTotal: 7_300,
        }),
      ],
    });
    await db.send(new PutCommand({ TableName: endpoints().tableName, Item: toItem(order) }));

    expect((await deleteProduct(product.id)).status).toBe(204);

    expect((await api(`/products/${product.id}`)).status).toBe(404);
    expect(await storefrontIds()).not.toContain(product.id);
    const wishlist = await api<{ items: { id: string }[] }>('/wishlist', { token: shopper.idToken });
    expect(wishlist.body.items.map((item) => item.id)).not.toContain(product.id);
    const orders = await api<MyOrdersResponse>('/orders', { token: shopper.idToken });
    expect(orders.body.items.find((mineOrder) => mineOrder.id === order.id)?.items).toEqual([
      expect.objectContaining({
        productId: product.id,
        name: product.name,
        image: product.images[0],
        unitPrice: 7_300,
      }),
    ]);
  });

  it('answers 404 for an unknown product and 400 for an empty change, writing no audit entry', async () => {
    const unknown = unique('no-such-product');
    expect((await patchProduct(unknown, { active: false })).status).toBe(404);
    const product = await createProduct();
    const empty = await patchProduct(product.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'body' }] } });
    expect(await auditEntriesOf(unknown)).toHaveLength(0);
    expect(await auditEntriesOf(product.id)).toHaveLength(1);
  });
});

describe('POST /admin/products/{id}/move', () => {
  it('moves a product one place down: exactly it and its neighbour swap sort orders, with one audit entry', async () => {
    // Created one after the other, each lands at the top: the list shows c, b, a.
    const a = await createProduct();
    const b = await createProduct();
    const c = await createProduct();
    expect(a.sortOrder).toBeLessThan(b.sortOrder);
    expect(b.sortOrder).toBeLessThan(c.sortOrder);
    const listed = (await adminList()).map((p) => p.id);
    expect(listed.indexOf(b.id)).toBe(listed.indexOf(c.id) + 1);
    expect(listed.indexOf(a.id)).toBe(listed.indexOf(b.id) + 1);
    const before = await sortOrdersOfMine();

    const moved = await moveProduct(b.id, 'down');

    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: b.id, sortOrder: a.sortOrder });
    const after = await sortOrdersOfMine();
    expect(after.get(b.id)).toBe(before.get(a.id));
    expect(after.get(a.id)).toBe(before.get(b.id));
    for (const [id, sortOrder] of before) if (id !== a.id && id !== b.id) expect(after.get(id), id).toBe(sortOrder);
    const order = (await adminList()).map((p) => p.id).filter((id) => [a.id, b.id, c.id].includes(id));
    expect(order).toEqual([c.id, a.id, b.id]);

    // One entry, for the product moved; its neighbour's log has only its creation.
    const audit = await auditEntriesOf(b.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CREATE', 'UPDATE']);
    expect(parsed(audit.find((entry) => entry.action === 'UPDATE')!.after)).toEqual({
      sortOrder: a.sortOrder,
      neighbour: a.id,
      neighbourSortOrder: b.sortOrder,
    });
    expect(await auditEntriesOf(a.id)).toHaveLength(1);
    expect(await auditEntriesOf(c.id)).toHaveLength(1);
  });

  it('refuses to move the first product up with 409, changing nothing', async () => {
    const top = await createProduct();
    expect((await adminList())[0]!.id).toBe(top.id);
    const before = await sortOrdersOfMine();
    const refused = await moveProduct(top.id, 'up');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('CONFLICT');
    expect(await sortOrdersOfMine()).toEqual(before);
    expect(await auditEntriesOf(top.id)).toHaveLength(1);
    expect((await moveProduct(unique('no-such-product'), 'down')).status).toBe(404);
  });

  it('keeps every sort order distinct under 10 concurrent moves of adjacent products, each answered 200 or 409', async () => {
    // Three of our own below the four moved ones: three moves go down, so no move can reach a
    // product of another test. The four are at the top of the list, where "up" stops with 409.
    const below = [await createProduct(), await createProduct(), await createProduct()];
    const moving = [await createProduct(), await createProduct(), await createProduct(), await createProduct()];
    const region = [...below, ...moving].map((p) => p.id);
    const listed = (await adminList()).map((p) => p.id);
    expect(listed.slice(0, region.length)).toEqual([...region].reverse());
    const before = await sortOrdersOfMine();
    const auditBefore = new Map(
      await Promise.all(region.map(async (id) => [id, (await auditEntriesOf(id)).length] as const)),
    );

    const [g1, g2, g3, g4] = moving.map((p) => p.id) as [string, string, string, string];
    const requests: [string, 'up' | 'down'][] = [
      [g1, 'up'],
      [g2, 'up'],
      [g3, 'up'],
      [g4, 'up'],
      [g2, 'down'],
      [g3, 'down'],
      [g1, 'up'],
      [g2, 'up'],
      [g4, 'down'],
      [g3, 'up'],
    ];
    const answers = await Promise.all(requests.map(([id, direction]) => moveProduct(id, direction)));

    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    ).toBe(true);
    const after = await sortOrdersOfMine();
    const orders = region.map((id) => after.get(id)!);
    expect(new Set(orders).size).toBe(region.length);
    // The moves only ever swapped sort orders among these seven: the same orders, shuffled.
    expect([...orders].sort((x, y) => x - y)).toEqual(region.map((id) => before.get(id)!).sort((x, y) => x - y));
    // Every product of this file elsewhere in the list kept its place.
    for (const [id, sortOrder] of before) if (!region.includes(id)) expect(after.get(id), id).toBe(sortOrder);
    // The admin list shows each of them once, in strictly falling sort order.
    const shown = (await adminList()).filter((p) => region.includes(p.id)).map((p) => p.sortOrder);
    expect(shown).toHaveLength(region.length);
    expect(shown.every((sortOrder, i) => i === 0 || shown[i - 1]! > sortOrder)).toBe(true);

    // One audit entry per successful move, for the product moved; none for a refused one.
    const added = await Promise.all(region.map(async (id) => (await auditEntriesOf(id)).length - auditBefore.get(id)!));
    const succeededFor = (id: string) =>
      requests.filter(([moved], i) => moved === id && answers[i]!.status === 200).length;
    expect(added).toEqual(region.map(succeededFor));

    // The list is still consistent afterwards: a plain move works.
    const second = (await adminList())[1]!;
    expect(region).toContain(second.id);
    expect((await moveProduct(second.id, 'up')).status).toBe(200);
  });
});

describe('the product at Stripe', () => {
  it('is created once with the product, renamed with it and archived when the product is deleted', async () => {
    const stripe = await stripeClient();
    const product = await createProduct();

    const stripeId = await stripeIdOf(product.id);
    const atStripe = await stripe.products.retrieve(stripeId);
    expect(atStripe).toMatchObject({
      name: product.name,
      description: 'Arranged by the admin products integration test',
      active: true,
      metadata: { productId: product.id },
    });

    const renamed = `${product.name} Renamed`;
    expect((await patchProduct(product.id, { name: renamed })).status).toBe(200);
    await vi.waitFor(async () => expect((await stripe.products.retrieve(stripeId)).name).toBe(renamed), {
      timeout: 20_000,
      interval: 200,
    });
    // Still the one Stripe product: the rename updated it.
    expect(await stripeIdOf(product.id)).toBe(stripeId);

    const deleted = await deleteProduct(product.id);
    expect(deleted.status).toBe(204);
    expect((await api(`/products/${product.id}`)).status).toBe(404);
    expect((await adminList()).map((p) => p.id)).not.toContain(product.id);
    expect(await storefrontIds()).not.toContain(product.id);
    await vi.waitFor(async () => expect((await stripe.products.retrieve(stripeId)).active).toBe(false), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await stripe.products.retrieve(stripeId)).name).toBe(renamed);

    // Create, rename and delete: one audit entry each.
    const audit = await auditEntriesOf(product.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    const update = audit.find((entry) => entry.action === 'UPDATE')!;
    expect(parsed(update.before)).toEqual({ name: product.name });
    expect(parsed(update.after)).toEqual({ name: renamed });
    expect(parsed(audit.find((entry) => entry.action === 'DELETE')!.before)).toMatchObject({
      id: product.id,
      stripeProductId: stripeId,
    });

    expect((await deleteProduct(product.id)).status).toBe(404);
    expect(await auditEntriesOf(product.id)).toHaveLength(3);
  }, 60_000);

  it('follows a product taken out of the shop', async () => {
    const stripe = await stripeClient();
    const product = await createProduct();
    const stripeId = await stripeIdOf(product.id);
    expect((await patchProduct(product.id, { active: false })).status).toBe(200);
    await vi.waitFor(async () => expect((await stripe.products.retrieve(stripeId)).active).toBe(false), {
      timeout: 20_000,
      interval: 200,
    });
    // A change Stripe does not keep leaves the Stripe product as it is.
    expect((await patchProduct(product.id, { price: 6_900 })).status).toBe(200);
    expect(await stripeIdOf(product.id)).toBe(stripeId);
  }, 60_000);
});
