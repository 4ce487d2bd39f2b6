import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import type { OrderStatus, StatusChangeReason } from '@linea/shared/domain/order-status';
import { anOrder } from '../../tests/fixtures/orders';
import type { Order, OutboxEntry, TransitionResult } from '../data/order-repository';
import type { CheckoutSessionState, HandledEventType, PaymentEvent } from '../lib/payments';
import { applyPaymentEvent, orderFromCheckoutSession } from './fulfil-checkout';
import { publishOrderEvents } from './publish-order-events';

type Deps = NonNullable<Parameters<typeof applyPaymentEvent>[1]>;

const NOW = new Date('2026-11-21T10:00:00.000Z');
const ORDER_ID = '3f6c1a2e-8b4d-4e2a-9c1f-5d7e8a9b0c1d';
const SESSION_ID = 'cs_test_a1b2c3';
const TOTAL = 67_930;

function order(overrides: Partial<Order> = {}): Order {
  return anOrder({
    id: ORDER_ID,
    email: 'anna@example.ch',
    locale: 'de',
    subtotal: 74_700,
    shipping: 700,
    discount: 7_470,
    total: TOTAL,
    vat: 5_090,
    status: 'pending',
    stripeSessionId: SESSION_ID,
    ...overrides,
  });
}

function session(overrides: Partial<CheckoutSessionState> = {}): CheckoutSessionState {
  return {
    id: SESSION_ID,
    orderId: ORDER_ID,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: TOTAL,
    currency: 'chf',
    ...overrides,
  };
}

function paymentEvent(
  type: HandledEventType,
  overrides: Partial<CheckoutSessionState> = {},
  id = 'evt_1',
): PaymentEvent {
  return { id, type, session: session(overrides) };
}

function outboxEntry(id: string, from: OrderStatus, to: OrderStatus, reason: StatusChangeReason): OutboxEntry {
  const detail: OrderStatusChangedV1 = {
    version: 1,
    orderId: ORDER_ID,
    from,
    to,
    reason,
    email: 'anna@example.ch',
    locale: 'de',
    changedAt: NOW.toISOString(),
  };
  return { id, detailType: 'OrderStatusChanged', detail };
}

/**
 * The order repository in memory, with the semantics of the DynamoDB one: a transition is
 * conditional on the status it was read in, records the Stripe event in the same step (a
 * recorded one makes it a duplicate), and writes its event into the order's outbox.
 */
function fakeOrders(...initial: Order[]) {
  const rows = new Map(initial.map((o) => [o.id, { order: structuredClone(o), outbox: [] as OutboxEntry[] }]));
  const stripeEvents = new Set<string>();
  let entries = 0;
  /** Runs once, just before the next transition writes: another writer getting there first. */
  let interleave: (() => void) | undefined;

  const repo = {
    getWithOutbox: vi.fn(async (id: string) => structuredClone(rows.get(id))),
    transition: vi.fn(
      async (
        read: Order,
        to: OrderStatus,
        change: { reason: StatusChangeReason; at: string; stripeEventId?: string },
      ): Promise<TransitionResult> => {
        interleave?.();
        interleave = undefined;
        const row = rows.get(read.id);
        if (!row || row.order.status !== read.status) return { outcome: 'stale' };
        if (change.stripeEventId && stripeEvents.has(change.stripeEventId)) return { outcome: 'duplicate-event' };
        if (change.stripeEventId) stripeEvents.add(change.stripeEventId);
        row.order = {
          ...row.order,
          status: to,
          updatedAt: change.at,
          statusHistory: [...row.order.statusHistory, { status: to, at: change.at, reason: change.reason }],
        };
        entries += 1;
        row.outbox.push(outboxEntry(`entry-${entries}`, read.status, to, change.reason));
        return { outcome: 'changed', order: structuredClone(row.order) };
      },
    ),
    recordStripeEvent: vi.fn(async (eventId: string, _orderId: string | undefined, _at: string) => {
      if (stripeEvents.has(eventId)) return false;
      stripeEvents.add(eventId);
      return true;
    }),
    clearOutbox: vi.fn(async (orderId: string, ids: readonly string[]) => {
      const row = rows.get(orderId);
      if (row) row.outbox = row.outbox.filter((entry) => !ids.includes(entry.id));
    }),
  } satisfies Deps['orders'];

  return {
    repo,
    status: (id = ORDER_ID) => rows.get(id)?.order.status,
    outbox: (id = ORDER_ID) => rows.get(id)?.outbox ?? [],
    stripeEvents,
    interleave: (run: () => void) => {
      interleave = run;
    },
    /** Changes a stored order directly, as another writer would. */
    update: (id: string, change: (row: { order: Order; outbox: OutboxEntry[] }) => void) => change(rows.get(id)!),
  };
}

let store: ReturnType<typeof fakeOrders>;
/** The bus: what publishOrderEvents hands to EventBridge. */
let bus: Mock<(detailType: string, detail: unknown) => Promise<void>>;
let deps: Deps & { readCheckout: Mock<Deps['readCheckout']> };

function setUp(...orders: Order[]) {
  store = fakeOrders(...orders);
  bus = vi.fn(async (_detailType: string, _detail: unknown) => undefined);
  deps = {
    orders: store.repo,
    readCheckout: vi.fn<Deps['readCheckout']>(async () => undefined),
    expireCheckout: vi.fn<Deps['expireCheckout']>(async () => undefined),
    // The real outbox publisher over the fake repository and bus.
    publish: (orderId, known) => publishOrderEvents(orderId, known, { orders: store.repo, publish: bus }),
    now: () => NOW,
  };
}

/** The `to` of every OrderStatusChanged published. */
const published = () => bus.mock.calls.map(([, detail]) => (detail as OrderStatusChangedV1).to);

beforeEach(() => {
  setUp(order());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('applyPaymentEvent', () => {
  it('confirms a paid order once, passing the Stripe event id to the transition, and publishes the change', async () => {
    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);
    // Stripe delivers again.
    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);

    expect(store.status()).toBe('confirmed');
    expect(store.repo.transition).toHaveBeenCalledTimes(1);
    expect(store.repo.transition).toHaveBeenCalledWith(
      expect.objectContaining({ id: ORDER_ID, status: 'pending' }),
      'confirmed',
      expect.objectContaining({ reason: 'payment_succeeded', at: NOW.toISOString(), stripeEventId: 'evt_1' }),
    );
    expect(bus).toHaveBeenCalledTimes(1);
    expect(bus).toHaveBeenCalledWith('OrderStatusChanged', {
      version: 1,
      orderId: ORDER_ID,
      from: 'pending',
      to: 'confirmed',
      reason: 'payment_succeeded',
      email: 'anna@example.ch',
      locale: 'de',
      changedAt: NOW.toISOString(),
    });
    expect(store.outbox()).toEqual([]);
  });

  it('counts the order and its revenue (in CHF) once, however often Stripe delivers, in EMF', async () => {
    const emf: Record<string, unknown>[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      const parsed = JSON.parse(String(line)) as Record<string, unknown>;
      if ('_aws' in parsed) emf.push(parsed);
    });

    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);
    await applyPaymentEvent(paymentEvent('checkout.session.completed', {}, 'evt_2'), deps);
    deps.readCheckout.mockResolvedValueOnce(session());
    await orderFromCheckoutSession(SESSION_ID, deps);

    expect(emf.filter((line) => 'OrdersPlaced' in line)).toEqual([
      expect.objectContaining({ OrdersPlaced: 1, service: 'shop', stage: 'test' }),
    ]);
    expect(emf.filter((line) => 'Revenue' in line)).toEqual([expect.objectContaining({ Revenue: TOTAL / 100 })]);
    expect(emf[0]).toMatchObject({ _aws: { CloudWatchMetrics: [{ Namespace: 'Linea' }] } });
  });

  it('counts no order placed for a payment that failed or a session that expired', async () => {
    const emf: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void emf.push(String(line)));
    await applyPaymentEvent(paymentEvent('checkout.session.expired'), deps);
    expect(store.status()).toBe('cancelled');
    expect(emf.join('\n')).not.toContain('OrdersPlaced');
  });

  it('confirms an order whose asynchronous payment succeeded later', async () => {
    await applyPaymentEvent(paymentEvent('checkout.session.async_payment_succeeded'), deps);
    expect(store.status()).toBe('confirmed');
    expect(published()).toEqual(['confirmed']);
  });

  it('leaves a completed but unpaid order pending and records the event id', async () => {
    await applyPaymentEvent(
      paymentEvent('checkout.session.completed', { paymentStatus: 'unpaid' }, 'evt_unpaid'),
      deps,
    );

    expect(store.status()).toBe('pending');
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(store.repo.recordStripeEvent).toHaveBeenCalledWith('evt_unpaid', ORDER_ID, NOW.toISOString());
    expect(store.stripeEvents.has('evt_unpaid')).toBe(true);
    expect(bus).not.toHaveBeenCalled();
  });

  it.each([
    ['checkout.session.async_payment_failed', 'payment_failed'],
    ['checkout.session.expired', 'checkout_expired'],
  ] as const)('cancels the order on %s, with reason %s', async (type, reason) => {
    await applyPaymentEvent(
      paymentEvent(type, { status: type === 'checkout.session.expired' ? 'expired' : 'complete' }),
      deps,
    );

    expect(store.status()).toBe('cancelled');
    expect(store.repo.transition).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'pending' }),
      'cancelled',
      expect.objectContaining({ reason, stripeEventId: 'evt_1' }),
    );
    expect(published()).toEqual(['cancelled']);
  });

  it('publishes what waits in the outbox and returns when the event was already acted on', async () => {
    // The event is recorded and an earlier change still waits to be published (the bus had failed).
    store.stripeEvents.add('evt_1');
    store.update(ORDER_ID, (row) => row.outbox.push(outboxEntry('waiting', 'pending', 'pending', 'admin_update')));

    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);

    expect(store.repo.transition).toHaveBeenCalledTimes(1);
    expect(store.status()).toBe('pending');
    expect(bus).toHaveBeenCalledTimes(1);
    expect(bus.mock.calls[0]![1]).toMatchObject({ reason: 'admin_update' });
    expect(store.outbox()).toEqual([]);
  });

  it('reads the order again when another writer moved it first, and converges on that state', async () => {
    // The confirmation page confirms the order between this delivery's read and its write.
    store.interleave(() =>
      store.update(ORDER_ID, (row) => {
        row.order = { ...row.order, status: 'confirmed' };
        row.outbox.push(outboxEntry('from-page', 'pending', 'confirmed', 'payment_succeeded'));
      }),
    );

    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);

    expect(store.repo.transition).toHaveBeenCalledTimes(1);
    expect(store.repo.getWithOutbox).toHaveBeenCalledTimes(2);
    expect(store.status()).toBe('confirmed');
    expect(store.repo.recordStripeEvent).toHaveBeenCalledWith('evt_1', ORDER_ID, NOW.toISOString());
    expect(published()).toEqual(['confirmed']);
    expect(store.outbox()).toEqual([]);
  });

  it('gives up with an error when the order keeps changing under it, so Stripe delivers again', async () => {
    store.repo.transition.mockResolvedValue({ outcome: 'stale' });

    await expect(applyPaymentEvent(paymentEvent('checkout.session.completed'), deps)).rejects.toThrow(/kept changing/);
    expect(store.repo.transition).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['an expiry after the order was confirmed', 'confirmed', 'checkout.session.expired'],
    ['a payment after the order was cancelled', 'cancelled', 'checkout.session.async_payment_succeeded'],
    ['a failure after the order was shipped', 'shipped', 'checkout.session.async_payment_failed'],
  ] as const)('changes nothing for %s', async (_, status, type) => {
    setUp(order({ status }));

    await applyPaymentEvent(paymentEvent(type), deps);

    expect(store.status()).toBe(status);
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(bus).not.toHaveBeenCalled();
    expect(store.repo.recordStripeEvent).toHaveBeenCalledWith('evt_1', ORDER_ID, NOW.toISOString());
  });

  it('ignores a session that is not the one attached to the order', async () => {
    await applyPaymentEvent(paymentEvent('checkout.session.completed', { id: 'cs_test_someone_else' }), deps);

    expect(store.status()).toBe('pending');
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(store.repo.recordStripeEvent).not.toHaveBeenCalled();
    expect(bus).not.toHaveBeenCalled();
  });

  it('ignores a session whose metadata names another order than the one it was opened for', async () => {
    const other = order({ id: 'ffffffff-0000-4000-8000-000000000002', stripeSessionId: 'cs_test_other' });
    setUp(order(), other);

    // Our session, but its metadata points at the other order.
    await applyPaymentEvent(paymentEvent('checkout.session.completed', { orderId: other.id }), deps);

    expect(store.status(ORDER_ID)).toBe('pending');
    expect(store.status(other.id)).toBe('pending');
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(bus).not.toHaveBeenCalled();
  });

  it('ignores an event for a session without our order id, or for an order that does not exist', async () => {
    await applyPaymentEvent(paymentEvent('checkout.session.completed', { orderId: undefined }), deps);
    await applyPaymentEvent(paymentEvent('checkout.session.completed', { orderId: 'no-such-order' }), deps);

    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(store.status()).toBe('pending');
  });

  it('leaves the order pending when the amount paid differs from its total', async () => {
    await applyPaymentEvent(paymentEvent('checkout.session.completed', { amountTotal: TOTAL - 1 }), deps);

    expect(store.status()).toBe('pending');
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(bus).not.toHaveBeenCalled();
  });

  it('fails when the bus does, so Stripe delivers again; the change waits in the outbox and goes out then', async () => {
    bus.mockRejectedValueOnce(new Error('EventBridge unavailable'));

    await expect(applyPaymentEvent(paymentEvent('checkout.session.completed'), deps)).rejects.toThrow(
      'EventBridge unavailable',
    );
    expect(store.status()).toBe('confirmed');
    expect(store.outbox()).toHaveLength(1);

    await applyPaymentEvent(paymentEvent('checkout.session.completed'), deps);
    expect(store.repo.transition).toHaveBeenCalledTimes(1);
    expect(bus).toHaveBeenCalledTimes(2);
    expect(store.outbox()).toEqual([]);
  });
});

describe('orderFromCheckoutSession', () => {
  it('settles the order as Stripe reports the session and returns it', async () => {
    deps.readCheckout.mockResolvedValueOnce(session());

    const result = await orderFromCheckoutSession(SESSION_ID, deps);

    expect(deps.readCheckout).toHaveBeenCalledWith(SESSION_ID);
    expect(result).toMatchObject({ id: ORDER_ID, status: 'confirmed' });
    expect(store.repo.transition).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'pending' }),
      'confirmed',
      expect.objectContaining({ reason: 'payment_succeeded', stripeEventId: undefined }),
    );
    expect(published()).toEqual(['confirmed']);
  });

  it('returns a pending order as it is while the session is still open', async () => {
    deps.readCheckout.mockResolvedValueOnce(session({ status: 'open', paymentStatus: 'unpaid', amountTotal: null }));

    await expect(orderFromCheckoutSession(SESSION_ID, deps)).resolves.toMatchObject({ status: 'pending' });
    expect(store.repo.transition).not.toHaveBeenCalled();
    expect(store.repo.recordStripeEvent).not.toHaveBeenCalled();
  });

  it.each([
    ['Stripe knows no such session', undefined],
    ['the session carries no order id', session({ orderId: undefined })],
    ['the order does not exist', session({ orderId: 'no-such-order' })],
    ['the session is not the order’s', session({ id: 'cs_test_someone_else' })],
  ])('answers NOT_FOUND when %s', async (_, state) => {
    deps.readCheckout.mockResolvedValueOnce(state);

    await expect(orderFromCheckoutSession('cs_test_someone_else', deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(store.repo.transition).not.toHaveBeenCalled();
  });

  it('does not fail when the bus does: the order is returned and its event stays in the outbox', async () => {
    deps.readCheckout.mockResolvedValueOnce(session());
    bus.mockRejectedValue(new Error('EventBridge unavailable'));

    await expect(orderFromCheckoutSession(SESSION_ID, deps)).resolves.toMatchObject({ status: 'confirmed' });

    expect(bus).toHaveBeenCalledTimes(1);
    expect(store.outbox()).toHaveLength(1);
    expect(store.outbox()[0]!.detail).toMatchObject({ from: 'pending', to: 'confirmed' });
    expect(store.repo.clearOutbox).toHaveBeenCalledWith(ORDER_ID, []);
  });
});
