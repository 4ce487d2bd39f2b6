import type { Rappen } from './money';

/**
 * The shop's promises, in one place. The server charges by these and every page that talks
 * about shipping, returns or replies renders them, so copy and checkout cannot disagree.
 */
export const SHOP_POLICY = {
  /** Flat shipping within Switzerland. */
  shippingFee: 700 satisfies Rappen,
  /** Shipping on an order the admin enters by hand (spec §9: a fixed 10 CHF). */
  manualOrderShippingFee: 1000 satisfies Rappen,
  shippingCountries: ['CH'] as const,
  dispatchBusinessDays: { min: 1, max: 2 },
  returnWindowDays: 30,
  contactReplyHours: 24,
} as const;
