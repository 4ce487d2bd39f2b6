import * as z from './zod-mini';
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

export const addressDto = z.extend(addressFields, {
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
export const createAddressRequest = z.extend(addressFields, { isDefault: z.optional(z.boolean()) });
export type CreateAddressRequest = z.infer<typeof createAddressRequest>;

/**
 * PATCH /addresses/{id}: any of the fields, and/or `isDefault: true` to make it the default.
 * `isDefault: false` is refused: there is always exactly one default while any address exists;
 * a customer changes it by making another address the default.
 */
export const updateAddressRequest = z
  .extend(z.partial(addressFields), { isDefault: z.optional(z.literal(true)) })
  .check(z.refine((body: object) => Object.keys(body).length > 0, { message: 'Nothing to change' }));
export type UpdateAddressRequest = z.infer<typeof updateAddressRequest>;

export const addressPathParams = z.strictObject({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });

/** GET /orders: the caller's orders, newest first, a page at a time. */
export const myOrdersQuery = z.strictObject({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
});
export type MyOrdersQuery = z.infer<typeof myOrdersQuery>;

export const myOrdersResponse = z.object({
  items: z.array(orderDto),
  /** Present while older orders remain. */
  nextCursor: z.optional(z.string()),
});
export type MyOrdersResponse = z.infer<typeof myOrdersResponse>;

/** GET /me/profile: what the shop keeps about a customer beside Cognito (pattern 24). */
const profileShape = {
  /** The language of every email the shop sends this customer. */
  emailLanguage: locale,
};
export const profileDto = z.object(profileShape);
export type ProfileDto = z.infer<typeof profileDto>;

/** PUT /me/profile. */
export const updateProfileRequest = z.strictObject(profileShape);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
