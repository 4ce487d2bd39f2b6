/**
 * The payment provider as the shop needs it: open a hosted checkout for an order, read a
 * session's outcome, expire a session, and verify a webhook. Stripe's objects are translated
 * here into the shop's terms, so services never see the SDK.
 */
import Stripe from 'stripe';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { CURRENCY } from '@linea/shared/domain/money';
import { CHECKOUT_SESSION_MINUTES } from '@linea/shared/domain/order';
import { ORDER_ID_MAX_LENGTH } from '@linea/shared/contracts/orders';
import * as z from '@linea/shared/contracts/zod-mini';
import { ValidationError } from '@linea/shared/errors';
import type { Order } from '../data/order-repository';
import { stripeClient } from './clients/stripe';
import { config } from './config';
import { stripeSecrets } from './secrets';

/** A Checkout Session as fulfilment reads it. */
export interface CheckoutSessionState {
  readonly id: string;
  /** Our order id, from the metadata we set when creating the session. */
  readonly orderId: string | undefined;
  readonly status: 'open' | 'complete' | 'expired';
  readonly paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  readonly amountTotal: number | null;
  readonly currency: string | null;
}

/** What a session (or an event about it) means for its order; 'abandoned' is a session the shopper cancelled. */
export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'abandoned' | 'awaiting';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export interface PaymentEvent {
  readonly id: string;
  readonly type: HandledEventType;
  readonly session: CheckoutSessionState;
}

/** Webhooks older than this are refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

/** A value Stripe may add later is read as the cautious one: not paid, not over. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

const nullableText = z._default(z.nullable(z.string()), null);

/** The fields of a Checkout Session the shop reads, in the types it reads them as. */
const sessionShape = z.object({
  id: z.string().check(z.minLength(1)),
  metadata: z._default(z.nullable(z.record(z.string(), z.string())), null),
  client_reference_id: nullableText,
  status: nullableText,
  payment_status: nullableText,
  amount_total: z._default(z.nullable(z.int()), null),
  currency: nullableText,
});
type SessionFields = z.output<typeof sessionShape>;

/**
 * A handled event as the shop reads it. The signature proves who sent an event, not that its
 * content has the shape the SDK's types promise: a signed event without a session (the API
 * fuzz sent `"object": null`) was read as one and failed with a TypeError, a 500 that Stripe
 * would have retried for days.
 */
const handledEventShape = z.object({
  id: z.string().check(z.minLength(1)),
  data: z.object({ object: sessionShape }),
});

/**
 * The order a session names, if it could be one of ours: a signed event whose metadata holds an
 * id no order can have (the API fuzz signed one of 30 KiB, which DynamoDB refuses as a key) is
 * read as naming none, and acknowledged instead of failing with a 500 Stripe retries for days.
 */
function orderIdOf(session: SessionFields): string | undefined {
  const named = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
  return named && named.length <= ORDER_ID_MAX_LENGTH ? named : undefined;
}

function toState(session: SessionFields): CheckoutSessionState {
  return {
    id: session.id,
    orderId: orderIdOf(session),
    status: oneOf(SESSION_STATUSES, session.status, 'open'),
    paymentStatus: oneOf(PAYMENT_STATUSES, session.payment_status, 'unpaid'),
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

/** The session's own outcome, as the confirmation page sees it when it asks Stripe. */
export function outcomeOfSession(session: CheckoutSessionState): PaymentOutcome {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete' && session.paymentStatus !== 'unpaid') return 'paid';
  return 'awaiting';
}

/** An event's outcome: the asynchronous events say what the session alone cannot (a failed transfer). */
export function outcomeOfEvent(event: PaymentEvent): PaymentOutcome {
  switch (event.type) {
    case 'checkout.session.completed':
      return outcomeOfSession(event.session);
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
  }
}

export interface OpenedCheckout {
  readonly sessionId: string;
  readonly url: string;
}

/**
 * Opens Stripe's hosted checkout for a pending order: CHF, the order's lines at the prices the
 * server set, the discount as a one-off coupon of exactly the order's discount, the shipping as
 * a fixed rate, to the order's address (not asked for again). Idempotency keys derive from the order id, so a
 * retried call never opens a second session. A session whose total differs from the order's by
 * a single Rappen is expired and refused.
 */
export async function openCheckout(order: Order, now = Date.now()): Promise<OpenedCheckout> {
  const stripe = await stripeClient();
  const currency = CURRENCY.toLowerCase();
  const texts = serverDictionaries[order.locale].payment;
  const coupon =
    order.discount > 0
      ? await stripe.coupons.create(
          {
            amount_off: order.discount,
            currency,
            duration: 'once',
            max_redemptions: 1,
            name: order.promo?.code ?? texts.discount,
            metadata: { orderId: order.id },
          },
          { idempotencyKey: `coupon-${order.id}` },
        )
      : undefined;
  const webUrl = config().webUrl.replace(/\/$/, '');
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: order.items.map((item) => ({
        quantity: item.quantity,
        price_data: {
          currency,
          unit_amount: item.unitPrice,
          product_data: {
            name: item.name,
            // Stripe refuses an empty description: a product without options has none.
            ...(item.sizeLabel || item.colorName
              ? { description: [item.sizeLabel, item.colorName].filter(Boolean).join(' · ') }
              : {}),
            metadata: { productId: item.productId },
          },
        },
      })),
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            fixed_amount: { amount: order.shipping, currency },
            display_name: texts.shippingRate,
          },
        },
      ],
      // The shopper gave the address on our checkout page, where it was checked (Switzerland only)
      // and the order keeps it; Stripe gets it for the payment's records instead of asking again.
      customer_email: order.email,
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      payment_intent_data: {
        metadata: { orderId: order.id },
        shipping: {
          name: `${order.firstName} ${order.lastName}`,
          address: { line1: order.address, postal_code: order.zipCode, city: order.city, country: order.country },
        },
      },
      locale: order.locale,
      // Stripe wants at least 30 minutes from its own clock; a minute of slack keeps a slow call valid.
      expires_at: Math.floor(now / 1000) + (CHECKOUT_SESSION_MINUTES + 1) * 60,
      success_url: `${webUrl}/order-confirmation/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${webUrl}/checkout?cancelled=1`,
    },
    { idempotencyKey: `checkout-session-${order.id}` },
  );
  if (session.amount_total !== order.total || session.currency !== currency || !session.url) {
    await expireCheckout(session.id);
    throw new Error(
      `Stripe session ${session.id} charges ${session.amount_total} ${session.currency}, order ${order.id} totals ${order.total}`,
    );
  }
  return { sessionId: session.id, url: session.url };
}

/** The session as Stripe has it now, or undefined when Stripe knows no such session. */
export async function readCheckout(sessionId: string): Promise<CheckoutSessionState | undefined> {
  const stripe = await stripeClient();
  try {
    return toState(await stripe.checkout.sessions.retrieve(sessionId));
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return undefined;
    throw err;
  }
}

/** Ends an open session so it can no longer be paid; a session that is no longer open is left as it is. */
export async function expireCheckout(sessionId: string): Promise<void> {
  const stripe = await stripeClient();
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
    throw err;
  }
}

/**
 * Verifies a webhook delivery's signature over the exact bytes received, with a five-minute
 * tolerance, and returns the event if it is one the shop acts on (undefined for others).
 */
export async function verifyPaymentEvent(
  rawBody: Buffer,
  signature: string | undefined,
): Promise<PaymentEvent | undefined> {
  const { webhookSecret } = await stripeSecrets();
  const stripe = await stripeClient();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new ValidationError('Invalid Stripe signature', [
      { field: 'stripe-signature', message: 'Invalid signature' },
    ]);
  }
  // The signature proves who sent the bytes, not that they are an event: a signed `null` is JSON too.
  const type = (event as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') {
    throw new ValidationError('Malformed Stripe event', [{ field: 'type', message: 'Expected an event type' }]);
  }
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(type)) return undefined;
  const parsed = handledEventShape.safeParse(event);
  if (!parsed.success) {
    throw new ValidationError(
      'Malformed Stripe event',
      parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
  return {
    id: parsed.data.id,
    type: event.type as HandledEventType,
    session: toState(parsed.data.data.object),
  };
}
