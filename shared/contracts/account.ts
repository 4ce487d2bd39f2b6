import { z } from 'zod';
import { shippingAddressFields } from './checkout';
import { locale } from './common';
import { orderDto } from './orders';

/** GET /me: who the verified token says the caller is. */
export const meResponse = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponse>;

/** A customer's saved address (spec §3 Address): the fields a checkout ships to. */
export const addressFields = shippingAddressFields;
export type AddressFields = z.infer<typeof addressFields>;

/** At most this many saved addresses per customer: a bound on the list and on abuse. */
export const MAX_ADDRESSES = 20;

export const addressDto = addressFields.extend({
  id: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type AddressDto = z.infer<typeof addressDto>;

/** GET /addresses: the default first, then newest first. */
export const addressListResponse = z.object({ items: z.array(addressDto) });
export type AddressListResponse = z.infer<typeof addressListResponse>;

/**
 * POST /addresses. `isDefault: true` makes it the default (the first address always is);
 * the previous default is switched off in the same transaction.
 */
export const createAddressRequest = addressFields.extend({ isDefault: z.boolean().optional() }).strict();
export type CreateAddressRequest = z.infer<typeof createAddressRequest>;

/**
 * PATCH /addresses/{id}: any of the fields, and/or `isDefault: true` to make it the default.
 * `isDefault: false` is refused: there is always exactly one default while any address exists;
 * a customer changes it by making another address the default.
 */
export const updateAddressRequest = addressFields
  .partial()
  .extend({ isDefault: z.literal(true).optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateAddressRequest = z.infer<typeof updateAddressRequest>;

export const addressPathParams = z.object({ id: z.string().trim().min(1).max(100) }).strict();

/** GET /orders: the caller's orders, newest first, a page at a time. */
export const myOrdersQuery = z
  .object({
    /** Opaque: the `nextCursor` of the previous page. */
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();
export type MyOrdersQuery = z.infer<typeof myOrdersQuery>;

export const myOrdersResponse = z.object({
  items: z.array(orderDto),
  /** Present while older orders remain. */
  nextCursor: z.string().optional(),
});
export type MyOrdersResponse = z.infer<typeof myOrdersResponse>;

/** GET /me/profile: what the shop keeps about a customer beside Cognito (pattern 24). */
export const profileDto = z.object({
  /** The language of every email the shop sends this customer. */
  emailLanguage: locale,
});
export type ProfileDto = z.infer<typeof profileDto>;

/** PUT /me/profile. */
export const updateProfileRequest = profileDto.strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
