import type { ListProductsResponse, ProductDto } from '@linea/shared/contracts/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import { api, documentClient, endpoints, unique } from './helpers';

/** Display order: sort order descending, then newest first. */
function inDisplayOrder(items: readonly ProductDto[]): boolean {
  return items.every((item, i) => {
    const next = items[i + 1];
    if (!next) return true;
    return item.sortOrder > next.sortOrder || (item.sortOrder === next.sortOrder && item.createdAt >= next.createdAt);
  });
}

describe('GET /products and GET /products/{id}', () => {
  const category = unique('it-category');
  const product = (suffix: string, overrides: Partial<Product>): Product => ({
    id: `${category}-${suffix}`,
    name: `Integration ${suffix}`,
    description: 'Arranged by the integration test',
    price: 12_900,
    category,
    stockQuantity: 5,
    featured: false,
    sizes: ['M'],
    colors: ['Black'],
    images: [],
    sortOrder: 10,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
  const low = product('low', { sortOrder: 10 });
  const olderHigh = product('older-high', { sortOrder: 20, createdAt: '2025-01-01T00:00:00.000Z' });
  const newerHigh = product('newer-high', { sortOrder: 20, createdAt: '2025-02-01T00:00:00.000Z' });
  const soldOut = product('sold-out', { sortOrder: 30, stockQuantity: 0 });

  beforeAll(async () => {
    const repository = createProductRepository(documentClient(), () => endpoints().tableName);
    await Promise.all([low, olderHigh, newerHigh, soldOut].map((p) => repository.put(p)));
  });

  it('lists only in-stock products, in display order, seeded catalogue included', async () => {
    const { status, body } = await api<ListProductsResponse>('/products');

    expect(status).toBe(200);
    const ids = body.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([low.id, olderHigh.id, newerHigh.id]));
    expect(ids).not.toContain(soldOut.id);
    expect(body.items.every((item) => item.inStock && item.stockQuantity > 0)).toBe(true);
    expect(inDisplayOrder(body.items)).toBe(true);
    expect(body.items.length).toBeGreaterThan(3);
  });

  it('filters by category id, keeping the order', async () => {
    const { status, body } = await api<ListProductsResponse>(`/products?category=${category}`);

    expect(status).toBe(200);
    expect(body.items.map((item) => item.id)).toEqual([newerHigh.id, olderHigh.id, low.id]);
  });

  it('rejects a malformed category with 400 naming the field', async () => {
    const { status, body } = await api('/products?category=Not%20a%20Category!');

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'category' })] },
    });
  });

  it('rejects an unknown query parameter with 400 naming it', async () => {
    const { status, body } = await api('/products?colour=red');

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'colour' })] },
    });
  });

  it('returns one product by id', async () => {
    const { status, body } = await api<ProductDto>(`/products/${encodeURIComponent(newerHigh.id)}`);

    expect(status).toBe(200);
    expect(body).toMatchObject({ id: newerHigh.id, price: 12_900, categoryId: category, inStock: true });
  });

  it('answers an unknown product with a typed 404', async () => {
    const { status, body } = await api(`/products/${unique('missing')}`);

    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'NOT_FOUND', message: expect.any(String) });
  });
});
