import { describe, expect, it } from 'vitest';
import { backToListHref, listSearch, listViewFrom, offeredArrangement, withListView } from './list-view';

const params = (search: string) => new URLSearchParams(search);

describe('listViewFrom', () => {
  it('reads category, search, sort and filters', () => {
    expect(listViewFrom(params('?category=Outer%20Wear&sort=price-desc&color=Black&size=M'))).toEqual({
      category: 'outer-wear',
      q: '',
      sort: 'price-desc',
      color: 'Black',
      size: 'M',
    });
    expect(listViewFrom(params('?q=%20wool%20coat%20'))).toMatchObject({ q: 'wool coat', category: undefined });
  });

  it('falls back to the defaults for an unknown sort and empty values', () => {
    expect(listViewFrom(params('?sort=cheapest&color=&size=%20&category='))).toEqual({
      category: undefined,
      q: '',
      sort: 'featured',
      color: undefined,
      size: undefined,
    });
  });
});

describe('withListView', () => {
  it('leaves the defaults out and keeps parameters it does not own', () => {
    const next = withListView(params('?utm_source=mail&sort=newest&color=Black'), {
      category: 'basics',
      q: '',
      sort: 'featured',
      size: 'M',
    });
    expect(next.toString()).toBe('utm_source=mail&category=basics&size=M');
  });

  it('writes one URL per list, in a fixed order', () => {
    expect(listSearch({ size: 'M', color: 'Pale Blue', sort: 'price-asc', category: 'basics' })).toBe(
      '?category=basics&sort=price-asc&color=Pale+Blue&size=M',
    );
    expect(listSearch({ sort: 'featured', q: '' })).toBe('');
  });
});

describe('offeredArrangement', () => {
  const offered = { colors: [{ key: 'Black' }], sizes: [{ key: 'M' }, { key: 'L' }] };

  it('keeps the sort and what the list offers, and drops the rest', () => {
    expect(offeredArrangement({ sort: 'newest', color: 'Black', size: 'XS' }, offered)).toEqual({
      sort: 'newest',
      color: 'Black',
      size: undefined,
    });
    expect(offeredArrangement({ sort: 'featured', color: 'Purple', size: 'L' }, offered)).toEqual({
      sort: 'featured',
      color: undefined,
      size: 'L',
    });
  });
});

describe('backToListHref', () => {
  it('returns to the list in the state, with only the list’s own parameters', () => {
    expect(backToListHref({ listSearch: '?category=basics&sort=price-asc&color=Black' })).toBe(
      '/products?category=basics&sort=price-asc&color=Black',
    );
    expect(backToListHref({ listSearch: '?q=wool&next=https%3A%2F%2Fevil.example' })).toBe('/products?q=wool');
  });

  it('falls back to /products without usable state', () => {
    for (const state of [undefined, null, 'x', {}, { listSearch: 3 }, { listSearch: '' }, { listSearch: '?' }]) {
      expect(backToListHref(state), JSON.stringify(state)).toBe('/products');
    }
  });
});
