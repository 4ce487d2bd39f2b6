import { describe, expect, it } from 'vitest';
import {
  MAX_LINE_QUANTITY,
  addToCart,
  lineOptions,
  relabelLines,
  removeFromCart,
  setQuantity,
  subtotal,
  summarizeCart,
  totalItems,
  type CartLine,
} from './cart';

const tee = { id: 'tee', name: 'Tee', price: 4900, size: 'M', color: 'Chalk', image: '/t.svg' };

describe('cart rules', () => {
  it('appends a new line with the chosen quantity', () => {
    expect(addToCart([], tee, 3)).toEqual([{ ...tee, quantity: 3 }]);
  });

  it('raises the quantity of a line that matches on id, size and colour', () => {
    const lines = addToCart(addToCart([], tee), tee, 2);
    expect(lines).toEqual([{ ...tee, quantity: 3 }]);
  });

  it('keeps other sizes and colours as separate lines', () => {
    let lines: CartLine[] = addToCart([], tee);
    lines = addToCart(lines, { ...tee, size: 'L' });
    lines = addToCart(lines, { ...tee, color: 'Black' });
    expect(lines).toHaveLength(3);
  });

  it('removes a line whose quantity is set to zero or less', () => {
    const lines = addToCart([], tee, 2);
    expect(setQuantity(lines, tee, 0)).toEqual([]);
    expect(setQuantity(lines, tee, -1)).toEqual([]);
    expect(setQuantity(lines, tee, 5)[0]!.quantity).toBe(5);
  });

  it('removes only the line matching id, size and colour', () => {
    const lines = addToCart(addToCart([], tee), { ...tee, size: 'L' });
    expect(removeFromCart(lines, tee)).toEqual([{ ...tee, size: 'L', quantity: 1 }]);
  });

  it('caps a line at the maximum quantity and ignores a quantity below one', () => {
    expect(addToCart([], tee, 500)[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(addToCart([], tee, 0)).toEqual([]);
    expect(addToCart([], tee, Number.NaN)).toEqual([]);
  });

  it('totals items and price times quantity', () => {
    const lines = addToCart(addToCart([], tee, 2), { ...tee, id: 'belt', price: 8900 });
    expect(totalItems(lines)).toBe(3);
    expect(subtotal(lines)).toBe(18_700);
  });
});

describe('summarizeCart', () => {
  it('adds the flat CHF 7.00 shipping and shows the VAT it contains', () => {
    expect(summarizeCart(addToCart([], tee, 2))).toEqual({ subtotal: 9800, shipping: 700, total: 10_500, vat: 787 });
  });

  it('charges no shipping on an empty cart', () => {
    expect(summarizeCart([])).toEqual({ subtotal: 0, shipping: 0, total: 0, vat: 0 });
  });
});

describe('relabelLines', () => {
  const tee = {
    id: 'tee',
    name: 'Essential Organic Tee',
    price: 4900,
    size: 'One Size',
    color: 'Black',
    image: '/t.svg',
    quantity: 1,
  };
  const coat = { ...tee, id: 'coat', name: 'Wool Coat', color: 'Camel' };
  const germanTee = {
    id: 'tee',
    name: 'T-Shirt aus Bio-Baumwolle',
    sizeLabels: { 'One Size': 'Einheitsgrösse' },
    colorNames: { Black: 'Schwarz' },
  };

  it("puts the product's texts in the page's language on its lines only", () => {
    const lines = relabelLines([tee, coat], germanTee, 'de');
    expect(lines[0]).toEqual({
      ...tee,
      name: 'T-Shirt aus Bio-Baumwolle',
      sizeLabel: 'Einheitsgrösse',
      colorName: 'Schwarz',
      locale: 'de',
    });
    expect(lines[1]).toBe(coat);
    expect(lineOptions(lines[0]!)).toEqual(['Einheitsgrösse', 'Schwarz']);
  });

  it('returns the same lines when nothing changes, so a store can skip the update', () => {
    const once = relabelLines([tee, coat], germanTee, 'de');
    expect(relabelLines(once, germanTee, 'de')).toBe(once);
  });

  it('reads the keys for a line saved before the shop had languages', () => {
    expect(lineOptions(tee)).toEqual(['One Size', 'Black']);
    expect(lineOptions({ ...tee, size: '', color: '' })).toEqual([]);
  });
});
