import { describe, expect, it } from 'vitest';
import { lineTotal, priceOrder, promoDiscount } from './pricing';

const tee = { unitPrice: 4_900, quantity: 2 };
const coat = { unitPrice: 59_000, quantity: 1 };

describe('priceOrder', () => {
  it('adds the flat CHF 7.00 shipping to the lines and takes no discount without a code', () => {
    expect(priceOrder([tee, coat])).toEqual({
      subtotal: 68_800,
      shipping: 700,
      discount: 0,
      total: 69_500,
      vat: 5_208,
    });
  });

  it('takes a percentage off the goods, not the shipping', () => {
    const totals = priceOrder([tee], { code: 'WELCOME10', type: 'percentage', percent: 10 });
    expect(totals).toMatchObject({ subtotal: 9_800, shipping: 700, discount: 980, total: 9_520 });
  });

  it('rounds a percentage discount half up to the Rappen, in the shopper’s favour', () => {
    // 4955 x 10 % = 495.5 -> 496; 4954 x 10 % = 495.4 -> 495.
    expect(promoDiscount(4_955, { code: 'X', type: 'percentage', percent: 10 })).toBe(496);
    expect(promoDiscount(4_954, { code: 'X', type: 'percentage', percent: 10 })).toBe(495);
    // 333 x 15 % = 49.95 -> 50.
    expect(promoDiscount(333, { code: 'X', type: 'percentage', percent: 15 })).toBe(50);
  });

  it('lets a 100 % code take the whole subtotal, leaving the shipping to pay', () => {
    const totals = priceOrder([tee], { code: 'ALL', type: 'percentage', percent: 100 });
    expect(totals).toMatchObject({ discount: 9_800, total: 700, vat: 52 });
  });

  it('caps an amount code at the subtotal, so a total is never below the shipping', () => {
    const small = priceOrder([{ unitPrice: 1_500, quantity: 1 }], { code: 'LINEA20', type: 'amount', amount: 2_000 });
    expect(small).toMatchObject({ subtotal: 1_500, discount: 1_500, shipping: 700, total: 700 });
    const large = priceOrder([tee], { code: 'LINEA20', type: 'amount', amount: 2_000 });
    expect(large).toMatchObject({ discount: 2_000, total: 8_500 });
  });

  it('makes shipping free with a free-shipping code and takes nothing off the goods', () => {
    expect(priceOrder([tee], { code: 'FREESHIP', type: 'free_shipping' })).toEqual({
      subtotal: 9_800,
      shipping: 0,
      discount: 0,
      total: 9_800,
      vat: 734,
    });
  });

  it('computes the VAT part once, on the total', () => {
    // Per-line VAT would be 367 + 367 + 52 = 786; on the total 10,500 it is 787 (786.77).
    expect(priceOrder([{ unitPrice: 4_900, quantity: 2 }]).vat).toBe(787);
  });

  it('charges nothing for an empty order', () => {
    expect(priceOrder([])).toEqual({ subtotal: 0, shipping: 0, discount: 0, total: 0, vat: 0 });
  });

  it('refuses quantities and prices that are not whole and positive', () => {
    expect(() => lineTotal({ unitPrice: 4_900, quantity: 0 })).toThrow(RangeError);
    expect(() => lineTotal({ unitPrice: 4_900, quantity: 1.5 })).toThrow(RangeError);
    expect(() => lineTotal({ unitPrice: 49.5, quantity: 1 })).toThrow(RangeError);
    expect(() => promoDiscount(100, { code: 'X', type: 'percentage', percent: 101 })).toThrow(RangeError);
  });
});
