import { describe, expect, it, vi } from 'vitest';
import type { ChatToolName } from '@linea/shared/contracts/chat';
import { aProduct } from '../../tests/fixtures/products';
import { anOrder } from '../../tests/fixtures/orders';
import type { Product } from '../data/product-repository';
import type { Actor } from '../lib/auth';
import { matchCategory, runTool, shopPolicies, sizeAdvice, toolSpecs, toolsFor, type ToolDeps } from './chat-tools';

const customer: Actor = {
  userId: 'user-1',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Muster',
  isAdmin: false,
};

const catalogue: Product[] = [
  aProduct({
    id: 'tee',
    name: 'Organic Cotton Tee',
    price: 4_900,
    colors: ['White', 'Black'],
    translations: { de: { name: 'T-Shirt aus Bio-Baumwolle', colors: { White: 'Weiss', Black: 'Schwarz' } } },
  }),
  aProduct({ id: 'coat', name: 'Wool Coat', category: 'Outerwear', price: 34_900, colors: ['Camel'] }),
  aProduct({ id: 'chinos', name: 'Slim Chinos', category: 'Bottoms', price: 11_900, colors: ['Navy'] }),
];

function fakeDeps(products: Product[] = catalogue, orders = [anOrder({ userId: 'user-1' })]) {
  const deps = {
    products: {
      listInStock: vi.fn(async ({ categoryId }: { categoryId?: string } = {}) =>
        products.filter(
          (p) => p.active && p.stockQuantity > 0 && (!categoryId || p.category.toLowerCase() === categoryId),
        ),
      ),
      getById: vi.fn(async (id: string) => products.find((p) => p.id === id)),
    },
    orders: {
      listForCustomer: vi.fn(async (userId: string) => ({ items: orders.filter((o) => o.userId === userId) })),
    },
  };
  return deps as typeof deps & ToolDeps;
}

const run = (name: string, input: unknown, actor?: Actor, deps = fakeDeps(), locale: 'en' | 'de' = 'en') =>
  runTool(name, input, { locale, ...(actor ? { actor } : {}) }, deps);

describe('search_products', () => {
  it('finds products by words, in the conversation language, with CHF prices', async () => {
    const outcome = await run('search_products', { query: 'cotton tee' });
    expect(outcome).toMatchObject({ ok: true, result: { total: 1 } });
    expect((outcome.result as { products: unknown[] }).products[0]).toEqual({
      id: 'tee',
      name: 'Organic Cotton Tee',
      category: 'Basics',
      categoryId: 'basics',
      price: 4_900,
      priceText: 'CHF\u00a049.00',
      colors: ['White', 'Black'],
      sizes: ['S', 'M', 'L'],
      inStock: true,
      image: '/images/products/tee.svg',
    });
  });

  it('answers in German with the German name and colours', async () => {
    const outcome = await run('search_products', { query: 'T-Shirt' }, undefined, fakeDeps(), 'de');
    const [product] = (outcome.result as { products: { name: string; colors: string[] }[] }).products;
    expect(product).toMatchObject({ name: 'T-Shirt aus Bio-Baumwolle', colors: ['Weiss', 'Schwarz'] });
  });

  it('falls back to products matching most words when no product has every word', async () => {
    const outcome = await run('search_products', { query: 'warm wool coat for winter' });
    expect((outcome.result as { products: { id: string }[] }).products.map((p) => p.id)).toEqual(['coat']);
  });

  it('filters by category, colour (English or German) and highest price', async () => {
    const deps = fakeDeps();
    await run('search_products', { category: 'Outerwear' }, undefined, deps);
    expect(deps.products.listInStock).toHaveBeenCalledWith({ categoryId: 'outerwear' });

    const black = await run('search_products', { color: 'schwarz' });
    expect((black.result as { products: { id: string }[] }).products.map((p) => p.id)).toEqual(['tee']);

    const cheap = await run('search_products', { maxPriceChf: 120 });
    expect((cheap.result as { products: { id: string }[] }).products.map((p) => p.id)).toEqual(['tee', 'chinos']);
  });

  it('takes a category by id, by its name in either language, or by a word for what it holds', async () => {
    expect(['bottoms', 'Hosen', 'jeans', 'Trousers'].map(matchCategory)).toEqual(Array(4).fill('bottoms'));
    expect(['Oberbekleidung', 'coat', 'Mäntel', 'gowns'].map(matchCategory)).toEqual([
      'outerwear',
      'outerwear',
      'outerwear',
      undefined,
    ]);
    expect(['Accessoires', 'Mütze', 'Schal'].map(matchCategory)).toEqual(Array(3).fill('accessories'));
    const deps = fakeDeps();
    await run('search_products', { category: 'Hosen' }, undefined, deps);
    expect(deps.products.listInStock).toHaveBeenCalledWith({ categoryId: 'bottoms' });
    // A category the shop does not have narrows nothing.
    await run('search_products', { category: 'ball gowns' }, undefined, deps);
    expect(deps.products.listInStock).toHaveBeenLastCalledWith({});
  });

  it('answers at most five products and says how many matched', async () => {
    const many = Array.from({ length: 8 }, (_, i) => aProduct({ id: `tee-${i}`, name: `Tee ${i}` }));
    const outcome = await run('search_products', { query: 'tee' }, undefined, fakeDeps(many));
    expect(outcome.result).toMatchObject({ total: 8 });
    expect((outcome.result as { products: unknown[] }).products).toHaveLength(5);
  });
});

describe('get_product', () => {
  it('gives sizes, colours, description and the pieces left', async () => {
    const outcome = await run('get_product', { id: 'coat' });
    expect(outcome.result).toMatchObject({
      found: true,
      product: {
        id: 'coat',
        name: 'Wool Coat',
        priceText: 'CHF\u00a0349.00',
        stockQuantity: 10,
        sizes: ['S', 'M', 'L'],
      },
    });
  });

  it('does not find an unknown or inactive product', async () => {
    const hidden = [aProduct({ id: 'old', active: false })];
    expect((await run('get_product', { id: 'nope' })).result).toEqual({ found: false, id: 'nope' });
    expect((await run('get_product', { id: 'old' }, undefined, fakeDeps(hidden))).result).toEqual({
      found: false,
      id: 'old',
    });
  });
});

describe('size_advice', () => {
  it('reads the chest for tops and the waist for bottoms, in cm or inches', () => {
    expect(sizeAdvice({ category: 'tops', measurement: 99, unit: 'cm' })).toMatchObject({
      table: 'tops',
      measured: 'chest',
      measurementCm: 99,
      size: 'M',
    });
    expect(sizeAdvice({ category: 'bottoms', measurement: 31, unit: 'in' })).toMatchObject({
      table: 'bottoms',
      measured: 'waist',
      measurementCm: 79,
      size: 'M',
    });
    expect(sizeAdvice({ category: 'Outerwear', measurement: 41, unit: 'in' })).toMatchObject({ size: 'L' });
  });

  it('measures the waist for any word for trousers, in English or German', () => {
    for (const category of ['jeans', 'Hosen', 'trousers', 'bottoms']) {
      expect(sizeAdvice({ category, measurement: 31, unit: 'in' }), category).toMatchObject({
        table: 'bottoms',
        size: 'M',
      });
    }
  });

  it('offers both sizes on a boundary: the larger relaxed, the smaller close', () => {
    // 38 in is where S ends and M begins.
    expect(sizeAdvice({ category: 'tops', measurement: 38, unit: 'in' })).toMatchObject({
      size: 'M',
      alternative: 'S',
    });
    expect(sizeAdvice({ category: 'tops', measurement: 37, unit: 'in' })).not.toHaveProperty('alternative');
  });

  it('says when a measurement is outside the guide, and that accessories have none', () => {
    expect(sizeAdvice({ category: 'tops', measurement: 70, unit: 'cm' })).toMatchObject({ outside: 'below' });
    expect(sizeAdvice({ category: 'tops', measurement: 50, unit: 'in' })).toMatchObject({ outside: 'above' });
    expect(sizeAdvice({ category: 'tops', measurement: 70, unit: 'cm' })).not.toHaveProperty('size');
    expect(sizeAdvice({ category: 'accessories', measurement: 90, unit: 'cm' })).toMatchObject({
      table: 'none',
      rows: [],
    });
  });

  it('gives the guide rows in cm and inches', () => {
    expect(sizeAdvice({ category: 'tops', measurement: 90, unit: 'cm' }).rows[0]).toEqual({
      size: 'XS',
      cm: '86–91',
      inches: '34–36',
    });
  });
});

describe('shop_policies', () => {
  it("states the shop's own promises in the conversation language", () => {
    expect(shopPolicies('en')).toEqual({
      shipping: { feeText: 'CHF\u00a07.00', countries: ['Switzerland'] },
      dispatch: { minBusinessDays: 1, maxBusinessDays: 2 },
      returns: { windowDays: 30 },
      contact: {
        replyWithinHours: 24,
        hours: ['Monday–Friday 9:00–18:00', 'Saturday 10:00–16:00', 'Sunday closed'],
        contactPage: '/contact',
      },
    });
    expect(shopPolicies('de').shipping.countries).toEqual(['Schweiz']);
  });
});

describe('my_orders', () => {
  it("lists the signed-in caller's own orders with status and tracking, and nobody else's", async () => {
    const shipped = anOrder({
      id: 'order-0000-abcd1234',
      userId: 'user-1',
      status: 'shipped',
      carrier: 'Swiss Post',
      trackingNumber: '99.00.123456.12345678',
      trackingUrl: 'https://service.post.ch/track?id=99.00.123456.12345678',
    });
    const deps = fakeDeps(catalogue, [shipped, anOrder({ id: 'other', userId: 'user-2' })]);
    const outcome = await run('my_orders', {}, customer, deps);
    expect(deps.orders.listForCustomer).toHaveBeenCalledWith('user-1', { limit: 5 });
    expect(outcome.result).toMatchObject({
      signedIn: true,
      orders: [
        {
          number: 'ABCD1234',
          status: 'shipped',
          statusText: 'Shipped',
          carrier: 'Swiss Post',
          trackingNumber: '99.00.123456.12345678',
        },
      ],
    });
    expect((outcome.result as { orders: unknown[] }).orders).toHaveLength(1);
  });

  it('takes no user id: an argument naming another customer is refused', async () => {
    const deps = fakeDeps();
    const outcome = await run('my_orders', { userId: 'user-2' }, customer, deps);
    expect(outcome.ok).toBe(false);
    expect(deps.orders.listForCustomer).not.toHaveBeenCalled();
  });
});

describe('the tools a caller is offered', () => {
  it('offers my_orders only to a signed-in caller', () => {
    expect(toolsFor({ locale: 'en' })).toEqual(['search_products', 'get_product', 'size_advice', 'shop_policies']);
    expect(toolsFor({ locale: 'en', actor: customer })).toContain('my_orders');
  });

  it('refuses a tool not offered, an unknown tool and input outside the schema, as results the model reads', async () => {
    const deps = fakeDeps();
    expect(await run('my_orders', {}, undefined, deps)).toEqual({
      ok: false,
      result: { error: 'No tool named my_orders' },
    });
    expect(deps.orders.listForCustomer).not.toHaveBeenCalled();
    expect(await run('drop_table', {})).toEqual({ ok: false, result: { error: 'No tool named drop_table' } });
    const bad = await run('size_advice', { category: 'tops', measurement: 'large', unit: 'cm' });
    expect(bad.ok).toBe(false);
    expect((bad.result as { error: string }).error).toMatch(/^Invalid input/);
  });

  it('gives the model an error result, not an exception, when a tool fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deps = fakeDeps();
    deps.products.listInStock.mockRejectedValueOnce(new Error('ProvisionedThroughputExceededException'));
    expect(await run('search_products', { query: 'tee' }, undefined, deps)).toEqual({
      ok: false,
      result: { error: 'The shop could not answer this just now' },
    });
  });

  it('describes each tool with a JSON Schema Bedrock accepts (an object, no $schema)', () => {
    const specs = toolSpecs(toolsFor({ locale: 'en', actor: customer }));
    expect(specs.map((spec) => spec.toolSpec?.name)).toEqual<ChatToolName[]>([
      'search_products',
      'get_product',
      'size_advice',
      'shop_policies',
      'my_orders',
    ]);
    for (const spec of specs) {
      const schema = spec.toolSpec?.inputSchema?.json as Record<string, unknown>;
      expect(schema.type).toBe('object');
      expect(schema).not.toHaveProperty('$schema');
      expect(spec.toolSpec?.description?.length).toBeGreaterThan(20);
    }
    const sizeSchema = specs[2]?.toolSpec?.inputSchema?.json as { required: string[] };
    expect(sizeSchema.required).toEqual(['category', 'measurement', 'unit']);
  });
});
