import * as z from './zod-mini';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_PATTERN, normalizePromoCode } from '../domain/promo';
import { rappen } from './common';

/** A promo code as a shopper types it: any case, surrounding spaces ignored. */
export const promoCode = z.pipe(
  z.pipe(z.string().check(z.trim(), z.minLength(1, 'Required')), z.transform(normalizePromoCode)),
  // Upper-casing can lengthen text ("ß" -> "SS"), so the limits apply to the normalised code.
  z.string().check(z.maxLength(PROMO_CODE_MAX_LENGTH), z.regex(PROMO_CODE_PATTERN, 'Letters, digits, - and _ only')),
);

export const promoCodePathParams = z.strictObject({ code: promoCode });

/** GET /promo-codes/{code}: what an active code gives; the amount saved is worked out by pricing. */
export const promoDto = z.discriminatedUnion('type', [
  z.object({ code: z.string(), type: z.literal('percentage'), percent: z.int().check(z.gte(1), z.lte(100)) }),
  z.object({ code: z.string(), type: z.literal('amount'), amount: rappen.check(z.gte(1)) }),
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
  usageLimit: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
  /** From when, and until when, the code applies (ISO date-times). */
  validFrom: z.optional(isoDateTime),
  validUntil: z.optional(isoDateTime),
};

/**
 * POST /admin/promo-codes (spec §5): the code is optional (generated when empty) and upper-cased;
 * a percentage is 1–100 (default 10), an amount is at least CHF 1 (default CHF 10), free
 * shipping has no amount.
 */
const createPromoCommon = {
  code: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.trim()), z.transform(normalizePromoCode)),
      z.union([
        z.literal(''),
        z
          .string()
          .check(z.maxLength(PROMO_CODE_MAX_LENGTH), z.regex(PROMO_CODE_PATTERN, 'Letters, digits, - and _ only')),
      ]),
    ),
  ),
  ...promoLimits,
};

export const createPromoRequest = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('percentage'),
      percent: z._default(z.int().check(z.gte(1), z.lte(100)), DEFAULT_PROMO_VALUE),
      ...createPromoCommon,
    }),
    z.strictObject({
      type: z.literal('amount'),
      amount: z._default(rappen.check(z.gte(100), z.lte(10_000_000)), DEFAULT_PROMO_VALUE * 100),
      ...createPromoCommon,
    }),
    z.strictObject({ type: z.literal('free_shipping'), ...createPromoCommon }),
  ])
  .check(
    // Compared as instants: the texts may carry different offsets.
    z.refine(
      (body: { validFrom?: string; validUntil?: string }) =>
        !body.validFrom || !body.validUntil || Date.parse(body.validFrom) < Date.parse(body.validUntil),
      { message: 'The end comes after the start', path: ['validUntil'] },
    ),
  );
export type CreatePromoRequest = z.infer<typeof createPromoRequest>;
/** What a client sends (defaults not yet applied). */
export type CreatePromoInput = z.input<typeof createPromoRequest>;

/** PATCH /admin/promo-codes/{code}: the active switch (spec §4). */
export const updatePromoRequest = z.strictObject({ isActive: z.boolean() });
export type UpdatePromoRequest = z.infer<typeof updatePromoRequest>;

/** A promo code as the admin's list shows it. */
export const adminPromoDto = z.intersection(
  promoDto,
  z.object({
    isActive: z.boolean(),
    createdAt: z.string(),
    /** Orders that use the code now (a cancelled or expired order gives its use back). */
    uses: z.int().check(z.nonnegative()),
    ...promoLimits,
  }),
);
export type AdminPromoDto = z.infer<typeof adminPromoDto>;

export const adminPromoListResponse = z.object({ items: z.array(adminPromoDto) });
export type AdminPromoListResponse = z.infer<typeof adminPromoListResponse>;
