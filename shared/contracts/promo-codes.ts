import { z } from 'zod';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_PATTERN, normalizePromoCode } from '../domain/promo';
import { rappen } from './common';

/** A promo code as a shopper types it: any case, surrounding spaces ignored. */
export const promoCode = z
  .string()
  .trim()
  .min(1, 'Required')
  // Upper-casing can lengthen text ("ß" -> "SS"), so the limits apply to the normalised code.
  .transform(normalizePromoCode)
  .pipe(z.string().max(PROMO_CODE_MAX_LENGTH).regex(PROMO_CODE_PATTERN, 'Letters, digits, - and _ only'));

export const promoCodePathParams = z.object({ code: promoCode }).strict();

/** GET /promo-codes/{code}: what an active code gives; the amount saved is worked out by pricing. */
export const promoDto = z.discriminatedUnion('type', [
  z.object({ code: z.string(), type: z.literal('percentage'), percent: z.number().int().min(1).max(100) }),
  z.object({ code: z.string(), type: z.literal('amount'), amount: rappen.min(1) }),
  z.object({ code: z.string(), type: z.literal('free_shipping') }),
]);
export type PromoDto = z.infer<typeof promoDto>;
