import type { Rappen } from './money';

/**
 * A promo code as it applies at checkout (spec §3, §9). One code per order. The discount is
 * always worked out by `priceOrder`; a code only says what kind of saving it gives.
 */
export type Promo =
  | { readonly code: string; readonly type: 'percentage'; readonly percent: number }
  | { readonly code: string; readonly type: 'amount'; readonly amount: Rappen }
  | { readonly code: string; readonly type: 'free_shipping' };

export type PromoType = Promo['type'];
export const PROMO_TYPES = ['percentage', 'amount', 'free_shipping'] as const satisfies readonly PromoType[];

/** Spec §9: codes are at most 20 characters. */
export const PROMO_CODE_MAX_LENGTH = 20;
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** Codes are matched case-insensitively: stored and compared upper-cased, without surrounding spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isPromoCodeWellFormed(code: string): boolean {
  return code.length >= 1 && code.length <= PROMO_CODE_MAX_LENGTH && PROMO_CODE_PATTERN.test(code);
}
