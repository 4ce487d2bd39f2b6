import { assertRappen, includedVat, type Rappen } from './money';
import type { Promo } from './promo';
import { SHOP_POLICY } from './shop-policy';

/** What pricing needs of a line: the catalogue's unit price and the quantity. */
export interface PricedLineInput {
  readonly unitPrice: Rappen;
  readonly quantity: number;
}

export interface OrderTotals {
  /** Sum of unit price x quantity. */
  readonly subtotal: Rappen;
  /** The flat fee, or 0 with a free-shipping code. */
  readonly shipping: Rappen;
  /** What the promo code takes off the goods (never the shipping, never more than the subtotal). */
  readonly discount: Rappen;
  /** subtotal + shipping - discount: what the shopper pays. */
  readonly total: Rappen;
  /** The Swiss VAT contained in the total (prices include VAT). */
  readonly vat: Rappen;
}

export function lineTotal(line: PricedLineInput): Rappen {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`A line needs a whole quantity of at least 1, got ${line.quantity}`);
  }
  return assertRappen(assertRappen(line.unitPrice) * line.quantity);
}

/**
 * The discount a code gives on a subtotal (spec §9). A percentage is rounded half up to the
 * Rappen, in the shopper's favour; an amount is capped at the subtotal; free shipping takes
 * nothing off the goods (it zeroes the shipping instead).
 */
export function promoDiscount(subtotal: Rappen, promo: Promo | undefined): Rappen {
  if (!promo) return 0;
  switch (promo.type) {
    case 'percentage': {
      if (!Number.isInteger(promo.percent) || promo.percent < 1 || promo.percent > 100) {
        throw new RangeError(`A percentage code takes 1 to 100 %, got ${promo.percent}`);
      }
      return Math.floor((subtotal * promo.percent + 50) / 100);
    }
    case 'amount':
      return Math.min(assertRappen(promo.amount), subtotal);
    case 'free_shipping':
      return 0;
  }
}

/**
 * Prices an order from catalogue prices: the one function the server charges by and the
 * checkout page previews with, so the two cannot disagree.
 */
export function priceOrder(lines: readonly PricedLineInput[], promo?: Promo): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const shipping = lines.length === 0 || promo?.type === 'free_shipping' ? 0 : SHOP_POLICY.shippingFee;
  const discount = promoDiscount(subtotal, promo);
  const total = subtotal + shipping - discount;
  return { subtotal, shipping, discount, total, vat: includedVat(total) };
}
