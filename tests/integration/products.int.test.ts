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
    active: true,
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

describe('the catalogue in German (?lang=de)', () => {
  const names = (body: ListProductsResponse) => body.items.map((item) => item.name);
  const ids = (body: ListProductsResponse) => body.items.map((item) => item.id);

  it('answers with German names, categories, colour names and size labels', async () => {
    const { status, body } = await api<ListProductsResponse>('/products?lang=de&category=accessories');

    expect(status).toBe(200);
    const beanie = body.items.find((item) => item.id === 'ribbed-merino-beanie')!;
    expect(beanie).toMatchObject({
      name: 'Merino-Mütze in Rippstrick',
      category: 'Accessoires',
      categoryId: 'accessories',
      textLanguage: { name: 'de', description: 'de' },
      sizes: ['One Size'],
      sizeLabels: { 'One Size': 'Einheitsgrösse' },
      colors: ['Charcoal', 'Camel', 'Olive'],
      colorNames: { Charcoal: 'Anthrazit', Camel: 'Camel', Olive: 'Oliv' },
    });
    expect(beanie.description).toMatch(/Schottland/);
  });

  it('is English without lang, and for one product as for the list', async () => {
    const english = await api<ProductDto>('/products/ribbed-merino-beanie');
    const german = await api<ProductDto>('/products/ribbed-merino-beanie?lang=de');

    expect(english.body).toMatchObject({ name: 'Ribbed Merino Beanie', category: 'Accessories' });
    expect(english.body.sizeLabels).toEqual({ 'One Size': 'One Size' });
    expect(german.body).toMatchObject({ name: 'Merino-Mütze in Rippstrick', category: 'Accessoires' });
  });

  it('shows an untranslated product in English on a German page, and says so', async () => {
    const repository = createProductRepository(documentClient(), () => endpoints().tableName);
    const id = unique('it-untranslated');
    await repository.put({
      id,
      name: 'Untranslated Overshirt',
      description: 'Only in English so far.',
      price: 9_900,
      category: 'Basics',
      stockQuantity: 3,
      featured: false,
      active: true,
      sizes: ['M'],
      colors: ['Olive'],
      images: [],
      sortOrder: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
    });

    const { body } = await api<ProductDto>(`/products/${id}?lang=de`);
    expect(body).toMatchObject({
      name: 'Untranslated Overshirt',
      textLanguage: { name: 'en', description: 'en' },
      category: 'Basics',
      colorNames: { Olive: 'Olive' },
    });
  });

  it('finds German words, in either language, ignoring case, accents and umlaut spellings', async () => {
    const hose = await api<ListProductsResponse>('/products?lang=de&q=hose');
    expect(hose.body.items.length).toBeGreaterThan(0);
    expect(hose.body.items.every((item) => item.categoryId === 'bottoms')).toBe(true);
    expect(names(hose.body)).toContain('Weite Bundfaltenhose');

    const pullover = await api<ListProductsResponse>('/products?lang=de&q=Pullover');
    // The cashmere roll neck, the other Pullover, is sold out and so not listed.
    expect(ids(pullover.body)).toEqual(['merino-crew-sweater']);

    // The German page searched in English still answers in German, and the other way round.
    const trousers = await api<ListProductsResponse>('/products?lang=de&q=trousers');
    expect(names(trousers.body)).toContain('Weite Bundfaltenhose');
    const englishHose = await api<ListProductsResponse>('/products?q=Hose');
    expect(names(englishHose.body)).toContain('Pleated Wide Trousers');

    const umlauts = ['Groesse', 'grösse', 'GROSSE', 'Größe'];
    const answers = await Promise.all(
      umlauts.map((q) => api<ListProductsResponse>(`/products?lang=de&q=${encodeURIComponent(q)}`)),
    );
    const oneSize = answers[0]!.body.items;
    expect(oneSize.length).toBeGreaterThan(0);
    expect(oneSize.every((item) => item.sizes.includes('One Size'))).toBe(true);
    for (const answer of answers) expect(ids(answer.body)).toEqual(ids(answers[0]!.body));

    const guertel = await api<ListProductsResponse>('/products?lang=de&q=Guertel');
    expect(ids(guertel.body)[0]).toBe('vegetable-tanned-leather-belt');
  });

  it('refuses a language it does not speak with 400 naming lang', async () => {
    const { status, body } = await api('/products?lang=fr');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'lang' })] },
    });
  });
});
