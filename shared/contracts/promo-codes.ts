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

/** Spec §5: a generated code has 8 characters from A–Z and 0–9. */
export const GENERATED_PROMO_CODE_LENGTH = 8;
/** Spec §5: the amount (percent or francs) an admin starts from. */
export const DEFAULT_PROMO_VALUE = 10;

const isoDateTime = z.iso.datetime({ offset: true });

/** Beyond the spec: how often and when a code may be used. Both optional. */
const promoLimits = {
  /** How many orders may use the code; none: unlimited. */
  usageLimit: z.number().int().min(1).max(1_000_000).optional(),
  /** From when, and until when, the code applies (ISO date-times). */
  validFrom: isoDateTime.optional(),
  validUntil: isoDateTime.optional(),
};

/**
 * POST /admin/promo-codes (spec §5): the code is optional (generated when empty) and upper-cased;
 * a percentage is 1–100 (default 10), an amount is at least CHF 1 (default CHF 10), free
 * shipping has no amount.
 */
const createPromoCommon = {
  code: z
    .string()
    .trim()
    .transform(normalizePromoCode)
    .pipe(
      z.union([
        z.literal(''),
        z.string().max(PROMO_CODE_MAX_LENGTH).regex(PROMO_CODE_PATTERN, 'Letters, digits, - and _ only'),
      ]),
    )
    .optional(),
  ...promoLimits,
};

export const createPromoRequest = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('percentage'),
        percent: z.number().int().min(1).max(100).default(DEFAULT_PROMO_VALUE),
        ...createPromoCommon,
      })
      .strict(),
    z
      .object({
        type: z.literal('amount'),
        amount: rappen
          .min(100)
          .max(10_000_000)
          .default(DEFAULT_PROMO_VALUE * 100),
        ...createPromoCommon,
      })
      .strict(),
    z.object({ type: z.literal('free_shipping'), ...createPromoCommon }).strict(),
  ])
  // Compared as instants: the texts may carry different offsets.
  .refine((body) => !body.validFrom || !body.validUntil || Date.parse(body.validFrom) < Date.parse(body.validUntil), {
    message: 'The end comes after the start',
    path: ['validUntil'],
  });
export type CreatePromoRequest = z.infer<typeof createPromoRequest>;
/** What a client sends (defaults not yet applied). */
export type CreatePromoInput = z.input<typeof createPromoRequest>;

/** PATCH /admin/promo-codes/{code}: the active switch (spec §4). */
export const updatePromoRequest = z.object({ isActive: z.boolean() }).strict();
export type UpdatePromoRequest = z.infer<typeof updatePromoRequest>;

/** A promo code as the admin's list shows it. */
export const adminPromoDto = z.intersection(
  promoDto,
  z.object({
    isActive: z.boolean(),
    createdAt: z.string(),
    /** Orders that use the code now (a cancelled or expired order gives its use back). */
    uses: z.number().int().nonnegative(),
    ...promoLimits,
  }),
);
export type AdminPromoDto = z.infer<typeof adminPromoDto>;

export const adminPromoListResponse = z.object({ items: z.array(adminPromoDto) });
export type AdminPromoListResponse = z.infer<typeof adminPromoListResponse>;
