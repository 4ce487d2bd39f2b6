/**
 * The stand-in's objects: coupons, products, prices, Checkout Sessions with what Stripe keeps
 * beside them, events with their deliveries, pending async payments and idempotent responses.
 * One store per stand-in; persistence.ts writes it to and reads it from the state file.
 */
import type Stripe from 'stripe';
import type { IdempotentResponse } from './idempotency';

export interface ShippingRateRecord {
  readonly id: string;
  readonly displayName: string;
  readonly amount: number;
  readonly currency: string;
}

export interface SessionRecord {
  /** The session without `url` (derived from where the stand-in listens) and `line_items` (expandable). */
  session: Stripe.Checkout.Session;
  readonly lineItems: Stripe.LineItem[];
  readonly shippingRates: ShippingRateRecord[];
  readonly couponId: string | null;
  /** What `payment_intent_data` asked for; kept for completeness (no PaymentIntent API is served). */
  readonly paymentIntentData: {
    readonly metadata: Record<string, string>;
    readonly description: string | null;
    readonly shipping: { readonly name: string; readonly address: Stripe.Address } | null;
  };
}

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

export type SessionEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
  | Stripe.CheckoutSessionAsyncPaymentFailedEvent;

export interface DeliveryAttempt {
  readonly at: string;
  /** HTTP status of the endpoint's answer; null when there was none (refused, timeout). */
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface EventRecord {
  readonly event: SessionEvent;
  /** The exact bytes sent (and signed) on every attempt. */
  readonly payload: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  /** Real-clock ms of the next attempt while pending. */
  nextAttemptAt: number | null;
}

export interface AsyncPayment {
  readonly sessionId: string;
  readonly outcome: 'succeeded' | 'failed';
  /** Real-clock ms. */
  readonly dueAt: number;
}

export interface StripeStore {
  readonly coupons: Map<string, Stripe.Coupon>;
  readonly products: Map<string, Stripe.Product>;
  readonly prices: Map<string, Stripe.Price>;
  readonly sessions: Map<string, SessionRecord>;
  readonly events: EventRecord[];
  readonly eventsById: Map<string, EventRecord>;
  asyncPayments: AsyncPayment[];
  readonly idempotency: Map<string, IdempotentResponse>;
}

export function createStore(): StripeStore {
  return {
    coupons: new Map(),
    products: new Map(),
    prices: new Map(),
    sessions: new Map(),
    events: [],
    eventsById: new Map(),
    asyncPayments: [],
    idempotency: new Map(),
  };
}

/** Events still waiting to be delivered (in flight or waiting to retry). */
export function pendingDeliveries(store: StripeStore): number {
  return store.events.filter((record) => record.state === 'pending').length;
}

/** A detached copy, so that what an answer or event carries never changes with the stored object. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
