/**
 * What `checkout.sessions.create` accepts, and the readers of its parts beyond the line items:
 * the discount, the shipping options, the countries shipped to, `payment_intent_data`.
 */
import type Stripe from 'stripe';
import { couponValid } from './coupons';
import { invalid, missing, noSuch, oneOf } from './errors';
import { randomId } from './ids';
import { createMetadata } from './metadata';
import { words, type Params } from './params';
import type { SessionRecord, ShippingRateRecord } from './state';

/** Countries Checkout cannot ship to (from the SDK's documentation of `allowed_countries`). */
const UNSUPPORTED_COUNTRIES = new Set('AS CX CC CU HM IR KP MH FM NF MP PW SY UM VI'.split(' '));
export const LOCALES = words(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt ' +
    'nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW',
);

/** Every parameter `checkout.sessions.create` accepts in this API version (Checkout.SessionCreateParams). */
export const SESSION_CREATE_PARAMS = words(
  'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types ' +
    'automatic_tax billing_address_collection branding_settings cancel_url client_reference_id ' +
    'consent_collection currency custom_fields custom_text customer customer_account ' +
    'customer_creation customer_email customer_update discounts excluded_payment_method_types ' +
    'expand expires_at integration_identifier invoice_creation line_items locale ' +
    'managed_payments metadata mode name_collection optional_items origin_context ' +
    'payment_intent_data payment_method_collection payment_method_configuration ' +
    'payment_method_data payment_method_options permissions phone_number_collection ' +
    'redirect_on_completion return_url saved_payment_method_options setup_intent_data ' +
    'shipping_address_collection shipping_options submit_type subscription_data success_url ' +
    'tax_id_collection ui_mode wallet_options',
);
/** Parameters the stand-in reads; the rest of SESSION_CREATE_PARAMS is accepted and ignored (with a log line). */
export const SESSION_PARAMS_MODELLED = new Set(
  words(
    'allow_promotion_codes billing_address_collection cancel_url client_reference_id currency ' +
      'customer customer_creation customer_email discounts expand expires_at ' +
      'integration_identifier line_items locale metadata mode origin_context payment_intent_data ' +
      'phone_number_collection shipping_address_collection shipping_options submit_type ' +
      'success_url ui_mode',
  ),
);

/** `allow_promotion_codes` and the one coupon of `discounts`, which must be valid and in the session's currency. */
export function readDiscount(
  p: Params,
  coupons: ReadonlyMap<string, Stripe.Coupon>,
  currency: string,
  nowSeconds: () => number,
): { readonly allowPromotionCodes: boolean | null; readonly coupon: Stripe.Coupon | undefined } {
  const allowPromotionCodes = p.boolean('allow_promotion_codes') ?? null;
  const discountParams = p.objectList('discounts', ['coupon', 'promotion_code']) ?? [];
  if (discountParams.length > 0 && allowPromotionCodes) throw oneOf(['allow_promotion_codes', 'discounts']);
  if (discountParams.length > 1) {
    throw invalid('You may only specify one discount per Checkout Session.', 'discounts');
  }
  let coupon: Stripe.Coupon | undefined;
  const discount = discountParams[0];
  if (discount) {
    const couponId = discount.string('coupon');
    const promotionCode = discount.string('promotion_code');
    if (couponId !== undefined && promotionCode !== undefined) {
      throw oneOf([discount.path('coupon'), discount.path('promotion_code')]);
    }
    if (promotionCode !== undefined) throw noSuch('promotion code', promotionCode, discount.path('promotion_code'));
    if (couponId === undefined) throw missing(discount.path('coupon'));
    coupon = coupons.get(couponId);
    if (!coupon) throw noSuch('coupon', couponId, discount.path('coupon'));
    if (!couponValid(coupon, nowSeconds()))
      throw invalid(`This coupon is no longer valid: ${couponId}`, discount.path('coupon'));
    if (coupon.currency !== null && coupon.currency !== currency) {
      throw invalid(
        `The coupon ${couponId} is in ${coupon.currency}, but the Checkout Session is in ${currency}.`,
        discount.path('coupon'),
      );
    }
  }
  return { allowPromotionCodes, coupon };
}

/** `shipping_options`: up to five rates given as `shipping_rate_data` with a fixed amount in the session's currency. */
export function readShippingRates(p: Params, currency: string): ShippingRateRecord[] {
  const shippingRates: ShippingRateRecord[] = [];
  const shippingParams = p.objectList('shipping_options', ['shipping_rate', 'shipping_rate_data']) ?? [];
  if (shippingParams.length > 5) {
    throw invalid('Invalid shipping_options: at most 5 shipping options are allowed.', 'shipping_options');
  }
  for (const option of shippingParams) {
    const rateId = option.string('shipping_rate');
    if (rateId !== undefined) throw noSuch('shipping rate', rateId, option.path('shipping_rate'));
    const data = option.object(
      'shipping_rate_data',
      words('delivery_estimate display_name fixed_amount metadata tax_behavior tax_code type'),
    );
    if (!data) throw missing(option.path('shipping_rate_data'));
    data.enumValue('type', ['fixed_amount'] as const);
    const displayName = data.string('display_name', { required: true, maxLength: 100 }) as string;
    const fixed = data.object('fixed_amount', ['amount', 'currency', 'currency_options']);
    if (!fixed) throw missing(data.path('fixed_amount'));
    const amount = fixed.integer('amount', { required: true, min: 0 }) as number;
    const rateCurrency = fixed.currency('currency', { required: true }) as string;
    if (rateCurrency !== currency) {
      throw invalid(
        `The shipping rate's currency (${rateCurrency}) must match the Checkout Session's currency (${currency}).`,
        fixed.path('currency'),
      );
    }
    shippingRates.push({ id: randomId('shr_', 24), displayName, amount, currency: rateCurrency });
  }
  return shippingRates;
}

/** `shipping_address_collection.allowed_countries`, or null when no address is collected. */
export function readAllowedCountries(p: Params): string[] | null {
  const addressCollection = p.object('shipping_address_collection', ['allowed_countries']);
  let allowedCountries: string[] | null = null;
  if (addressCollection) {
    const countries = addressCollection.stringList('allowed_countries');
    if (!countries || countries.length === 0) throw missing(addressCollection.path('allowed_countries'));
    countries.forEach((country, index) => {
      if (!/^[A-Z]{2}$/.test(country) || UNSUPPORTED_COUNTRIES.has(country)) {
        throw invalid(
          `Invalid ${addressCollection.path('allowed_countries')}[${index}]: ${country} is not a supported country code.`,
          `${addressCollection.path('allowed_countries')}[${index}]`,
        );
      }
    });
    allowedCountries = countries;
  }
  return allowedCountries;
}

export function readPaymentIntentData(p: Params): SessionRecord['paymentIntentData'] {
  const paymentIntentData = p.object(
    'payment_intent_data',
    words(
      'application_fee_amount capture_method description metadata on_behalf_of receipt_email ' +
        'setup_future_usage shipping statement_descriptor statement_descriptor_suffix transfer_data ' +
        'transfer_group',
    ),
  );
  const piMetadata = createMetadata(paymentIntentData?.metadata('metadata'));
  const piDescription = paymentIntentData?.nullableString('description', 1000) ?? null;
  // Where the goods go, when the merchant knows it already: Stripe wants the name and an address with its first line.
  const piShippingParams = paymentIntentData?.object('shipping', words('address carrier name phone tracking_number'));
  const piShippingAddress = piShippingParams?.object('address', words('city country line1 line2 postal_code state'));
  if (piShippingParams && !piShippingAddress) throw missing(piShippingParams.path('address'));
  const piShipping = piShippingParams
    ? {
        name: piShippingParams.string('name', { required: true }) as string,
        address: {
          line1: piShippingAddress?.string('line1', { required: true }) as string,
          line2: piShippingAddress?.nullableString('line2') ?? null,
          postal_code: piShippingAddress?.nullableString('postal_code') ?? null,
          city: piShippingAddress?.nullableString('city') ?? null,
          state: piShippingAddress?.nullableString('state') ?? null,
          country: piShippingAddress?.nullableString('country') ?? null,
        },
      }
    : null;
  return { metadata: piMetadata, description: piDescription, shipping: piShipping };
}
