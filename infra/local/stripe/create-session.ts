/** `POST /v1/checkout/sessions`: a hosted Checkout Session in payment mode, checked as Stripe checks it. */
import type Stripe from 'stripe';
import type { ApiRequest, ApiResult } from './api-route';
import type { StandInContext } from './context';
import { invalid, missing, noSuch } from './errors';
import { randomId } from './ids';
import { createLineItems, readLineItem } from './line-items';
import { expandList } from './lists';
import { createMetadata } from './metadata';
import { Params, words } from './params';
import { sessionAmounts } from './session-amounts';
import {
  LOCALES,
  readAllowedCountries,
  readDiscount,
  readPaymentIntentData,
  readShippingRates,
  SESSION_CREATE_PARAMS,
  SESSION_PARAMS_MODELLED,
} from './session-params';
import { sessionView } from './session-view';
import type { SessionRecord } from './state';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

export function createSession(standIn: StandInContext, request: ApiRequest): ApiResult {
  const { store, nowSeconds, log, touch } = standIn;
  const { coupons, sessions } = store;
  const p = new Params(request.params, '', SESSION_CREATE_PARAMS);
  const expand = expandList(p, ['line_items']);
  const mode = p.enumValue('mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === undefined) throw missing('mode');
  if (mode !== 'payment') {
    throw invalid(`The Stripe stand-in implements mode=payment only, not mode=${mode}.`, 'mode');
  }
  const uiMode = p.enumValue('ui_mode', ['elements', 'embedded_page', 'form', 'hosted_page'] as const) ?? 'hosted_page';
  if (uiMode !== 'hosted_page') {
    throw invalid(`The Stripe stand-in implements ui_mode=hosted_page only, not ui_mode=${uiMode}.`, 'ui_mode');
  }
  const successUrl = p.url('success_url') ?? null;
  const cancelUrl = p.url('cancel_url') ?? null;
  const customerId = p.string('customer');
  if (customerId) throw noSuch('customer', customerId, 'customer');
  const customerEmail = p.nullableString('customer_email', 800) ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const clientReferenceId = p.nullableString('client_reference_id', 200) ?? null;
  const locale = p.enumValue('locale', LOCALES) ?? null;
  const metadata = createMetadata(p.metadata('metadata'));
  const createdAt = nowSeconds();
  const expiresAt = p.integer('expires_at') ?? createdAt + MAX_EXPIRY_SECONDS;
  if (expiresAt - createdAt < MIN_EXPIRY_SECONDS) {
    throw invalid(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  if (expiresAt - createdAt > MAX_EXPIRY_SECONDS) {
    throw invalid(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }

  // Line items: validate everything first; create prices and products only once all is valid.
  const lineParams = p.objectList(
    'line_items',
    words('adjustable_quantity metadata price price_data quantity tax_rates'),
  );
  if (!lineParams || lineParams.length === 0) throw missing('line_items');
  if (lineParams.length > 100) {
    throw invalid('Invalid line_items: a Checkout Session in payment mode takes at most 100 line items.', 'line_items');
  }
  const specs = lineParams.map((li) => readLineItem(standIn, li, mode));
  const currency = p.currency('currency') ?? specs[0]?.currency ?? 'usd';
  specs.forEach((spec, index) => {
    if (spec.currency !== currency) {
      throw invalid(
        `All line items must use the same currency: line_items[${index}] is in ${spec.currency}, the Checkout Session in ${currency}.`,
        `line_items[${index}]`,
      );
    }
  });

  const { allowPromotionCodes, coupon } = readDiscount(p, coupons, currency, nowSeconds);
  const shippingRates = readShippingRates(p, currency);
  const allowedCountries = readAllowedCountries(p);
  const paymentIntentData = readPaymentIntentData(p);
  const phoneCollection = p.object('phone_number_collection', ['enabled']);
  const phoneEnabled = phoneCollection?.boolean('enabled') ?? false;
  const submitType = p.enumValue('submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const) ?? null;
  const billingAddressCollection = p.enumValue('billing_address_collection', ['auto', 'required'] as const) ?? null;
  const customerCreation = p.enumValue('customer_creation', ['always', 'if_required'] as const) ?? 'if_required';
  const integrationIdentifier = p.nullableString('integration_identifier', 200) ?? null;
  const originContext = p.enumValue('origin_context', ['mobile_app', 'web'] as const) ?? null;
  for (const key of p.keys()) {
    if (!SESSION_PARAMS_MODELLED.has(key)) log(`checkout session: ${key} accepted but not modelled`);
  }

  const amounts = sessionAmounts(specs, coupon, shippingRates, currency);
  const { subtotal, discountAmount, shipping, shippingAmount, total } = amounts;

  // Commit: products and prices for the line items, then the session.
  const lineItems = createLineItems(standIn, specs, amounts, currency, createdAt);

  const id = randomId('cs_test_', 58);
  const session: Stripe.Checkout.Session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: billingAddressCollection,
    cancel_url: cancelUrl,
    client_reference_id: clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: createdAt,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: customerCreation,
    customer_details: null,
    customer_email: customerEmail,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    expires_at: expiresAt,
    integration_identifier: integrationIdentifier,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale,
    managed_payments: null,
    metadata,
    mode,
    origin_context: originContext,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: phoneEnabled },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: allowedCountries ? { allowed_countries: allowedCountries } : null,
    shipping_cost: shipping
      ? { amount_subtotal: shipping.amount, amount_tax: 0, amount_total: shipping.amount, shipping_rate: shipping.id }
      : null,
    shipping_options: shippingRates.map((rate) => ({ shipping_amount: rate.amount, shipping_rate: rate.id })),
    status: 'open',
    submit_type: submitType,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: discountAmount, amount_shipping: shippingAmount, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: null,
    wallet_options: null,
  };
  const record: SessionRecord = {
    session,
    lineItems,
    shippingRates,
    couponId: coupon?.id ?? null,
    paymentIntentData,
  };
  sessions.set(id, record);
  touch();
  log(`${id} created: ${currency.toUpperCase()} ${total} (${lineItems.length} line item(s))`);
  return { status: 200, body: sessionView(record, standIn.baseUrl, expand.has('line_items')) };
}
