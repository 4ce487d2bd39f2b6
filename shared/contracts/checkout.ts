import * as z from './zod-mini';
import { MAX_ORDER_LINES, MAX_ORDER_LINE_QUANTITY } from '../domain/order';
import { SHOP_POLICY } from '../domain/shop-policy';
import { email, locale } from './common';
import { promoCode } from './promo-codes';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max));

/**
 * One line of a checkout: which product, in which size and colour, how many. Nothing about
 * money: the server prices every line from the catalogue, and a strict object turns a `price`
 * sent by a client into a 400 naming it.
 */
export const checkoutLine = z.strictObject({
  productId: text(100),
  /** Empty for a product that comes in no sizes (or no colours). */
  size: z.string().check(z.trim(), z.maxLength(40)),
  color: z.string().check(z.trim(), z.maxLength(40)),
  quantity: z.int().check(z.gte(1), z.lte(MAX_ORDER_LINE_QUANTITY)),
});
export type CheckoutLine = z.infer<typeof checkoutLine>;

/** Swiss postal codes are four digits (1000 to 9699). */
export const swissZipCode = z.string().check(z.trim(), z.regex(/^[1-9]\d{3}$/, 'A Swiss postal code has four digits'));

export const SHIPPING_COUNTRIES = SHOP_POLICY.shippingCountries;

/** Where a parcel goes (spec §5: all required; Switzerland only); also a saved account address. */
export const shippingAddressFields = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  address: text(200),
  city: text(100),
  zipCode: swissZipCode,
  country: z.enum(SHIPPING_COUNTRIES),
});

/** Who pays and where the parcel goes. */
export const checkoutCustomer = z.extend(shippingAddressFields, { email });
export type CheckoutCustomer = z.infer<typeof checkoutCustomer>;

export const checkoutRequest = z.strictObject({
  lines: z.array(checkoutLine).check(
    z.minLength(1, 'The cart is empty'),
    z.maxLength(MAX_ORDER_LINES),
    z.superRefine((lines: CheckoutLine[], ctx) => {
      const seen = new Set<string>();
      for (const [index, line] of lines.entries()) {
        const key = JSON.stringify([line.productId, line.size, line.color]);
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index], message: 'The same product, size and colour twice' });
        }
        seen.add(key);
      }
    }),
  ),
  customer: checkoutCustomer,
  promoCode: z.optional(promoCode),
  /** The language of the hosted payment page and of every email about this order. */
  locale,
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const checkoutResponse = z.object({
  orderId: z.string(),
  /** The payment session: the proof with which the browser can later confirm or abandon it. */
  sessionId: z.string(),
  /** The hosted payment page to send the browser to. */
  url: z.url(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** One line the shop could not reserve (OUT_OF_STOCK details). */
export const unavailableLine = z.object({
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  requested: z.int(),
  /** Units left of the product across all its sizes and colours. */
  available: z.int().check(z.nonnegative()),
});
export type UnavailableLine = z.infer<typeof unavailableLine>;
