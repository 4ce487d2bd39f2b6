/** A Checkout Session's amounts: subtotal, the discount shared out over the lines, shipping, total. */
import type Stripe from 'stripe';
import { formatMinimum } from './currencies';
import { invalid } from './errors';
import type { ShippingRateRecord } from './state';

/** Shares `total` out over `weights` in proportion, the remainder going to the largest shares. */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let rest = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) }));
  order.sort((a, b) => b.fraction - a.fraction);
  for (const { index } of order) {
    if (rest <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    rest -= 1;
  }
  return shares;
}

export interface SessionAmounts {
  readonly lineSubtotals: number[];
  readonly subtotal: number;
  readonly discountAmount: number;
  readonly lineDiscounts: number[];
  /** The first shipping option: the one charged (the page offers no choice). */
  readonly shipping: ShippingRateRecord | undefined;
  readonly shippingAmount: number;
  readonly total: number;
}

/** The amounts, or Stripe's error when a total above zero is below the currency's minimum charge. */
export function sessionAmounts(
  lines: readonly { readonly unitAmount: number; readonly quantity: number }[],
  coupon: Stripe.Coupon | undefined,
  shippingRates: readonly ShippingRateRecord[],
  currency: string,
): SessionAmounts {
  const lineSubtotals = lines.map((spec) => spec.unitAmount * spec.quantity);
  const subtotal = lineSubtotals.reduce((sum, amount) => sum + amount, 0);
  const discountAmount = !coupon
    ? 0
    : coupon.amount_off !== null
      ? Math.min(coupon.amount_off, subtotal)
      : Math.round((subtotal * (coupon.percent_off ?? 0)) / 100);
  const lineDiscounts = allocate(discountAmount, lineSubtotals);
  const shipping = shippingRates[0];
  const shippingAmount = shipping?.amount ?? 0;
  const total = subtotal - discountAmount + shippingAmount;
  if (total > 0 && total < 50) {
    throw invalid(
      `The Checkout Session's total amount due must add up to at least ${formatMinimum(currency)}`,
      'line_items',
    );
  }
  return { lineSubtotals, subtotal, discountAmount, lineDiscounts, shipping, shippingAmount, total };
}
