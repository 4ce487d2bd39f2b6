import { z } from 'zod';
import { MAX_ORDER_LINES, MAX_ORDER_LINE_QUANTITY } from '../domain/order';
import { SHOP_POLICY } from '../domain/shop-policy';
import { email, locale } from './common';
import { promoCode } from './promo-codes';

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);

/**
 * One line of a checkout: which product, in which size and colour, how many. Nothing about
 * money: the server prices every line from the catalogue, and `.strict()` turns a `price` sent
 * by a client into a 400 naming it.
 */
export const checkoutLine = z
  .object({
    productId: text(100),
    /** Empty for a product that comes in no sizes (or no colours). */
    size: z.string().trim().max(40),
    color: z.string().trim().max(40),
    quantity: z.number().int().min(1).max(MAX_ORDER_LINE_QUANTITY),
  })
  .strict();
export type CheckoutLine = z.infer<typeof checkoutLine>;

/** Swiss postal codes are four digits (1000 to 9699). */
export const swissZipCode = z
  .string()
  .trim()
  .regex(/^[1-9]\d{3}$/, 'A Swiss postal code has four digits');

export const SHIPPING_COUNTRIES = SHOP_POLICY.shippingCountries;

/** Where a parcel goes (spec §5: all required; Switzerland only); also a saved account address. */
export const shippingAddressFields = z
  .object({
    firstName: text(100),
    lastName: text(100),
    address: text(200),
    city: text(100),
    zipCode: swissZipCode,
    country: z.enum(SHIPPING_COUNTRIES),
  })
  .strict();

/** Who pays and where the parcel goes. */
export const checkoutCustomer = shippingAddressFields.extend({ email }).strict();
export type CheckoutCustomer = z.infer<typeof checkoutCustomer>;

export const checkoutRequest = z
  .object({
    lines: z
      .array(checkoutLine)
      .min(1, 'The cart is empty')
      .max(MAX_ORDER_LINES)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        for (const [index, line] of lines.entries()) {
          const key = JSON.stringify([line.productId, line.size, line.color]);
          if (seen.has(key)) {
            ctx.addIssue({ code: 'custom', path: [index], message: 'The same product, size and colour twice' });
          }
          seen.add(key);
        }
      }),
    customer: checkoutCustomer,
    promoCode: promoCode.optional(),
    /** The language of the hosted payment page and of every email about this order. */
    locale,
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const checkoutResponse = z.object({
  orderId: z.string(),
  /** The payment session: the proof with which the browser can later confirm or abandon it. */
  sessionId: z.string(),
  /** The hosted payment page to send the browser to. */
  url: z.string().url(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** One line the shop could not reserve (OUT_OF_STOCK details). */
export const unavailableLine = z.object({
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  requested: z.number().int(),
  /** Units left of the product across all its sizes and colours. */
  available: z.number().int().nonnegative(),
});
export type UnavailableLine = z.infer<typeof unavailableLine>;
