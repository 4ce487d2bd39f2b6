import { canTransition, type OrderStatus, type StatusChangeReason } from '@linea/shared/domain/order-status';
import { NotFoundError } from '@linea/shared/errors';
import { orders as orderRepository, type Order, type OrderRepository } from '../data/order-repository';
import { logger } from '../lib/logger';
import { recordOrderPlaced } from '../lib/metrics';
import {
  expireCheckout,
  outcomeOfEvent,
  outcomeOfSession,
  readCheckout,
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentOutcome,
} from '../lib/payments';
import { publishOrderEvents } from './publish-order-events';

interface Deps {
  orders: Pick<OrderRepository, 'getWithOutbox' | 'transition' | 'recordStripeEvent' | 'clearOutbox'>;
  readCheckout: typeof readCheckout;
  expireCheckout: typeof expireCheckout;
  publish: typeof publishOrderEvents;
  now: () => Date;
}

const defaults: Deps = {
  orders: orderRepository,
  readCheckout,
  expireCheckout,
  publish: publishOrderEvents,
  now: () => new Date(),
};

const TARGET: Readonly<Record<PaymentOutcome, { to: OrderStatus; reason: StatusChangeReason } | undefined>> = {
  paid: { to: 'confirmed', reason: 'payment_succeeded' },
  failed: { to: 'cancelled', reason: 'payment_failed' },
  expired: { to: 'cancelled', reason: 'checkout_expired' },
  abandoned: { to: 'cancelled', reason: 'checkout_abandoned' },
  awaiting: undefined,
};

/** Whether a session really is the one opened for this order (ids on both sides). */
function belongsTo(session: CheckoutSessionState, order: Order): boolean {
  return session.id === order.stripeSessionId && session.orderId === order.id;
}

/**
 * The one fulfilment path, shared by the webhook and the confirmation page: it moves the order
 * as the payment outcome says, at most once (the transition is conditional on the status it
 * started from, and a Stripe event id is recorded in the same transaction), then publishes
 * what waits in the order's outbox. Repeated, late or out-of-order deliveries converge on the
 * same final state: a paid order is never cancelled by a later expiry, and vice versa.
 */
async function settle(
  orderId: string,
  session: CheckoutSessionState,
  outcome: PaymentOutcome,
  stripeEventId: string | undefined,
  deps: Deps,
): Promise<Order | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await deps.orders.getWithOutbox(orderId);
    if (!found) return undefined;
    const { order } = found;
    if (!belongsTo(session, order)) {
      logger.warn('Checkout session does not belong to the order it names', { orderId, sessionId: session.id });
      return undefined;
    }
    const target = TARGET[outcome];
    const at = deps.now().toISOString();
    if (!target || order.status === target.to || !canTransition(order.status, target.to, 'payment')) {
      if (target && order.status !== target.to) {
        // A payment outcome that arrives after the shop moved on. Money taken for a cancelled
        // order must be refunded by a person, so that case is an alert, not a note.
        const log = outcome === 'paid' ? logger.error : logger.warn;
        log(
          outcome === 'paid'
            ? 'ALERT: payment received for an order that is not pending; refund or revive it'
            : 'Payment outcome ignored for an order that is no longer pending',
          {
            orderId,
            status: order.status,
            outcome,
          },
        );
      }
      if (stripeEventId) await deps.orders.recordStripeEvent(stripeEventId, orderId, at);
      await deps.publish(orderId, found.outbox);
      return order;
    }
    if (outcome === 'paid' && session.amountTotal !== order.total) {
      logger.error('Paid amount differs from the order total; leaving the order pending for a person', {
        orderId,
        paid: session.amountTotal,
        total: order.total,
      });
      return order;
    }
    const result = await deps.orders.transition(order, target.to, { ...target, at, stripeEventId });
    if (result.outcome === 'changed') {
      // Counted here, on the one conditional write that confirms the order, so a replayed
      // webhook or the confirmation page converging on the same order counts it no second time.
      if (outcome === 'paid') recordOrderPlaced(result.order.total);
      await deps.publish(orderId);
      return result.order;
    }
    if (result.outcome === 'duplicate-event') {
      await deps.publish(orderId);
      return (await deps.orders.getWithOutbox(orderId))?.order;
    }
    // 'stale': someone else moved the order between our read and our write; look again.
  }
  throw new Error(`Order ${orderId} kept changing while settling its payment`);
}

/** POST /webhooks/stripe, after the signature was verified. */
export async function applyPaymentEvent(event: PaymentEvent, deps: Deps = defaults): Promise<void> {
  const orderId = event.session.orderId;
  if (!orderId) {
    logger.warn('Stripe event for a session without our order id', { eventId: event.id, sessionId: event.session.id });
    return;
  }
  const order = await settle(orderId, event.session, outcomeOfEvent(event), event.id, deps);
  if (!order) logger.warn('Stripe event for an unknown order', { eventId: event.id, orderId });
}

/** A publish that fails is logged: the event stays in the order's outbox for the webhook to publish. */
function lenientPublish(deps: Deps): Deps {
  return {
    ...deps,
    publish: (orderId, known) =>
      deps
        .publish(orderId, known)
        .catch((err: unknown) => logger.error('Order events left in the outbox', { err, orderId })),
  };
}

/**
 * POST /checkout/abandon: the shopper pressed Cancel on the payment page and is back at the
 * checkout. Their session is expired at Stripe, so it can no longer be paid, and the order is
 * cancelled with its units back on the shelf at once, rather than after the 30 minutes the
 * session would have stayed open. A session paid meanwhile stays paid.
 */
export async function abandonCheckout(sessionId: string, deps: Deps = defaults): Promise<Order> {
  const before = await deps.readCheckout(sessionId);
  if (!before?.orderId) throw new NotFoundError('Order');
  if (before.status === 'open') await deps.expireCheckout(sessionId);
  const session = before.status === 'open' ? await deps.readCheckout(sessionId) : before;
  if (!session) throw new NotFoundError('Order');
  const outcome = before.status === 'open' && session.status === 'expired' ? 'abandoned' : outcomeOfSession(session);
  const order = await settle(before.orderId, session, outcome, undefined, lenientPublish(deps));
  if (!order) throw new NotFoundError('Order');
  return order;
}

/**
 * POST /orders/from-session: the confirmation page's call. The session id is the guest's proof
 * of purchase; the outcome comes from Stripe itself, never from the caller.
 */
export async function orderFromCheckoutSession(sessionId: string, deps: Deps = defaults): Promise<Order> {
  const session = await deps.readCheckout(sessionId);
  // The shopper's page must not fail because the bus did: the event stays in the order's
  // outbox and the webhook, which Stripe retries until it succeeds, publishes it.
  const lenient: Deps = {
    ...deps,
    publish: (orderId, known) =>
      deps
        .publish(orderId, known)
        .catch((err: unknown) => logger.error('Order events left in the outbox', { err, orderId })),
  };
  const order = session?.orderId
    ? await settle(session.orderId, session, outcomeOfSession(session), undefined, lenient)
    : undefined;
  if (!order) throw new NotFoundError('Order');
  return order;
}
