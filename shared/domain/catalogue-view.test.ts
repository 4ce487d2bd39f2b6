import { describe, expect, it } from 'vitest';
import { filterOptions, filterProducts, isSortOrder, sortProducts } from './catalogue-view';

function product(id: string, overrides: Partial<Parameters<typeof sortProducts>[0][number]> = {}) {
  return {
    id,
    featured: false,
    price: 10_000,
    createdAt: '2026-01-01T00:00:00.000Z',
    colors: ['Black'],
    sizes: ['M'],
    colorNames: { Black: 'Schwarz' },
    sizeLabels: { M: 'M' },
    ...overrides,
  };
}

// In the API's display order.
const list = [
  product('coat', {
    price: 39_000,
    createdAt: '2026-03-01T00:00:00.000Z',
    colors: ['Camel', 'Black'],
    colorNames: { Camel: 'Camel', Black: 'Schwarz' },
    sizes: ['S', 'M', 'L'],
  }),
  product('tee', { featured: true, price: 4_900, createdAt: '2026-01-01T00:00:00.000Z', sizes: ['XL', 'XS', 'M'] }),
  product('beanie', {
    price: 4_900,
    createdAt: '2026-09-01T00:00:00.000Z',
    colors: ['Olive'],
    colorNames: { Olive: 'Oliv' },
    sizes: ['One Size'],
    sizeLabels: { 'One Size': 'Einheitsgrösse' },
  }),
  product('vest', { featured: true, price: 17_900, createdAt: '2026-06-01T00:00:00.000Z' }),
];
const ids = (products: readonly { id: string }[]) => products.map((p) => p.id);

describe('sortProducts', () => {
  it('puts featured products first and keeps the display order otherwise', () => {
    expect(ids(sortProducts(list, 'featured'))).toEqual(['tee', 'vest', 'coat', 'beanie']);
  });

  it('sorts by date and by price, keeping the display order among equals', () => {
    expect(ids(sortProducts(list, 'newest'))).toEqual(['beanie', 'vest', 'coat', 'tee']);
    expect(ids(sortProducts(list, 'price-asc'))).toEqual(['tee', 'beanie', 'vest', 'coat']);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual(['coat', 'vest', 'tee', 'beanie']);
  });

  it('leaves the list it was given alone', () => {
    const before = ids(list);
    sortProducts(list, 'price-asc');
    expect(ids(list)).toEqual(before);
  });

  it('knows its orders', () => {
    expect(isSortOrder('newest')).toBe(true);
    expect(isSortOrder('cheapest')).toBe(false);
    expect(isSortOrder(undefined)).toBe(false);
  });
});

describe('filterProducts', () => {
  it('keeps products offering the colour and the size', () => {
    expect(ids(filterProducts(list, { color: 'Black' }))).toEqual(['coat', 'tee', 'vest']);
    expect(ids(filterProducts(list, { color: 'Black', size: 'L' }))).toEqual(['coat']);
    expect(ids(filterProducts(list, { size: 'One Size' }))).toEqual(['beanie']);
    expect(ids(filterProducts(list, {}))).toEqual(ids(list));
    expect(filterProducts(list, { color: 'Pink' })).toEqual([]);
  });
});

describe('filterOptions', () => {
  it('offers each colour once, by its name in the page language, with counts', () => {
    expect(filterOptions(list).colors).toEqual([
      { key: 'Camel', label: 'Camel', count: 1 },
      { key: 'Olive', label: 'Oliv', count: 1 },
      { key: 'Black', label: 'Schwarz', count: 3 },
    ]);
  });

  it('offers sizes small to large, worded sizes after the letters', () => {
    expect(filterOptions(list).sizes.map((s) => s.label)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'Einheitsgrösse']);
  });
});
