import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, type CartLine } from '@linea/shared/domain/cart';
import { productFixture } from '../../../testing/fixtures';
import { checkLine, type ProductLookup } from './check-line';

const line: CartLine = { id: 'tee', name: 'Tee', price: 4900, size: 'M', color: 'Chalk', image: '', quantity: 2 };
const product = productFixture({ id: 'tee', price: 5400, stockQuantity: 3, sizes: ['S', 'M'], colors: ['Chalk'] });

describe('checkLine', () => {
  it('is available with the current price and the stock as the most that can be bought', () => {
    expect(checkLine(line, { status: 'found', product })).toEqual({ state: 'available', price: 5400, maxQuantity: 3 });
    expect(checkLine(line, { status: 'found', product: { ...product, stockQuantity: 500 } })).toMatchObject({
      maxQuantity: MAX_LINE_QUANTITY,
    });
  });

  it.each<[string, ProductLookup, string]>([
    ['the product is gone', { status: 'notFound' }, 'gone'],
    ['it is sold out', { status: 'found', product: { ...product, inStock: false, stockQuantity: 0 } }, 'outOfStock'],
    ['the size is no longer made', { status: 'found', product: { ...product, sizes: ['S'] } }, 'option'],
    ['the colour is no longer made', { status: 'found', product: { ...product, colors: ['Black'] } }, 'option'],
  ])('is unavailable when %s', (_why, lookup, reason) => {
    expect(checkLine(line, lookup)).toEqual({ state: 'unavailable', reason });
  });

  it('accepts a line without size or colour for a product that has none', () => {
    const plain = { ...line, size: '', color: '' };
    expect(checkLine(plain, { status: 'found', product: { ...product, sizes: [], colors: [] } }).state).toBe(
      'available',
    );
  });

  it('leaves a line alone while checking or when the catalogue could not be asked', () => {
    expect(checkLine(line, { status: 'pending' })).toEqual({ state: 'checking' });
    expect(checkLine(line, { status: 'error' })).toEqual({ state: 'unverified' });
  });
});
