import * as z from './zod-mini';
import { ORDER_STATUSES } from '../domain/order-status';
import { PROMO_TYPES } from '../domain/promo';
import { locale, rappen } from './common';

export const orderStatus = z.enum(ORDER_STATUSES);

export const orderItemDto = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  /** Size and colour keys. */
  size: z.string(),
  color: z.string(),
  /** The size and colour as the shopper read them when buying, in the order's language. */
  sizeLabel: z.string(),
  colorName: z.string(),
  /** VAT-inclusive unit price at the time of the order, in Rappen. */
  unitPrice: rappen,
  quantity: z.int().check(z.positive()),
  lineTotal: rappen,
});
export type OrderItemDto = z.infer<typeof orderItemDto>;

/** An order as its owner, an admin, or a guest holding its payment session sees it. */
export const orderDto = z.object({
  id: z.string(),
  /** Last 8 characters of the id, upper-case (spec §9). */
  number: z.string(),
  status: orderStatus,
  createdAt: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  locale,
  items: z.array(orderItemDto),
  subtotal: rappen,
  shipping: rappen,
  discount: rappen,
  total: rappen,
  /** The Swiss VAT contained in the total. */
  vat: rappen,
  promo: z.optional(z.object({ code: z.string(), type: z.enum(PROMO_TYPES) })),
  trackingNumber: z.optional(z.string()),
  carrier: z.optional(z.string()),
  trackingUrl: z.optional(z.string()),
});
export type OrderDto = z.infer<typeof orderDto>;

/** Longer than any id the shop gives an order (a UUID); a longer one names no order. */
export const ORDER_ID_MAX_LENGTH = 100;

export const orderPathParams = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(ORDER_ID_MAX_LENGTH)),
});

/** A Stripe Checkout Session id: the guest's proof of purchase on the confirmation page. */
export const checkoutSessionId = z
  .string()
  .check(z.trim(), z.maxLength(255), z.regex(/^cs_[A-Za-z0-9_]+$/, 'A checkout session id starts with cs_'));

export const orderFromSessionRequest = z.strictObject({ sessionId: checkoutSessionId });
export type OrderFromSessionRequest = z.infer<typeof orderFromSessionRequest>;
