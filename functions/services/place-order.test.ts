import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutLine, CheckoutRequest } from '@linea/shared/contracts/checkout';
import { includedVat } from '@linea/shared/domain/money';
import { priceOrder } from '@linea/shared/domain/pricing';
import { PaymentSessionFailedError } from '@linea/shared/errors';
import { aCustomer, anOrderItem } from '../../tests/fixtures/orders';
import { aProduct } from '../../tests/fixtures/products';
import { StockShortageError, type Order, type TransitionResult } from '../data/order-repository';
import type { PromoCode } from '../data/promo-repository';
import type { Actor } from '../lib/auth';
import { placeOrder } from './place-order';

type Deps = NonNullable<Parameters<typeof placeOrder>[2]>;

const NOW = new Date('2026-11-21T09:30:00.000Z');
const ORDER_ID = '3f6c1a2e-8b4d-4e2a-9c1f-5d7e8a9b0c1d';
const SESSION_ID = 'cs_test_a1b2c3';
const PAYMENT_URL = `https://checkout.stripe.test/c/pay/${SESSION_ID}`;

const TEE = aProduct({ id: 'tee', name: 'Organic Tee', price: 4_900, stockQuantity: 10 });
const COAT = aProduct({
  id: 'coat',
  name: 'Wool Coat',
  price: 64_900,
  stockQuantity: 2,
  sizes: ['M', 'L'],
  colors: ['Charcoal'],
  translations: { de: { name: 'Wollmantel', colors: { Charcoal: 'Anthrazit' } } },
});

const PROMOS: PromoCode[] = [
  { code: 'WELCOME10', type: 'percentage', percent: 10, isActive: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { code: 'CHF20', type: 'amount', amount: 2_000, isActive: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { code: 'FREESHIP', type: 'free_shipping', isActive: true, createdAt: '2026-01-01T00:00:00.000Z' },
];

const CUSTOMER = aCustomer();

const SHOPPER: Actor = {
  userId: 'user-1',
  email: 'anna@example.ch',
  firstName: 'Anna',
  lastName: 'Muster',
  isAdmin: false,
};

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    lines: [
      { productId: 'tee', size: 'M', color: 'White', quantity: 2 },
      { productId: 'coat', size: 'L', color: 'Charcoal', quantity: 1 },
    ],
    customer: CUSTOMER,
    locale: 'de',
    ...overrides,
  };
}

function makeDeps() {
  return {
    products: {
      getMany: vi.fn(async (ids: readonly string[]) => [TEE, COAT].filter((p) => ids.includes(p.id))),
    },
    promos: { getActive: vi.fn(async (code: string) => PROMOS.find((p) => p.code === code)) },
    orders: {
      placeWithStockReservation: vi.fn(async (_order: Order) => undefined),
      attachCheckoutSession: vi.fn(async (_orderId: string, _sessionId: string, _now: string) => undefined),
      transition: vi.fn(async (order: Order, to: Order['status']): Promise<TransitionResult> => ({
        outcome: 'changed',
        order: { ...order, status: to },
      })),
    },
    openCheckout: vi.fn(async (_order: Order, _now?: number) => ({ sessionId: SESSION_ID, url: PAYMENT_URL })),
    expireCheckout: vi.fn(async (_sessionId: string) => undefined),
    publishOrderEvents: vi.fn(async (_orderId: string) => undefined),
    now: () => NOW,
    newId: () => ORDER_ID,
  } satisfies Deps;
}

let deps: ReturnType<typeof makeDeps>;
beforeEach(() => {
  deps = makeDeps();
  // The service logs its failures; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The order the service handed to the reservation transaction. */
function placedOrder(): Order {
  expect(deps.orders.placeWithStockReservation).toHaveBeenCalledTimes(1);
  return deps.orders.placeWithStockReservation.mock.calls[0]![0];
}

describe('placeOrder', () => {
  it('prices every line from the catalogue, ignoring any price the request carries, and opens the payment page', async () => {
    // Arrange: a client that slipped its own prices into a line (the contract would refuse them at the edge).
    const sneaky = { productId: 'tee', size: 'M', color: 'White', quantity: 2, unitPrice: 1, lineTotal: 2 };
    const lines = [sneaky as CheckoutLine, { productId: 'coat', size: 'L', color: 'Charcoal', quantity: 1 }];

    // Act
    const result = await placeOrder(request({ lines }), undefined, deps);

    // Assert
    expect(result).toEqual({ orderId: ORDER_ID, sessionId: SESSION_ID, url: PAYMENT_URL });
    expect(deps.products.getMany).toHaveBeenCalledWith(['tee', 'coat']);
    const at = NOW.toISOString();
    expect(placedOrder()).toEqual({
      id: ORDER_ID,
      ...CUSTOMER,
      locale: 'de',
      items: [
        anOrderItem({ productId: 'tee', unitPrice: 4_900, quantity: 2, lineTotal: 9_800 }),
        // Ordered on a German page: the order keeps the German texts the shopper bought by.
        {
          productId: 'coat',
          name: 'Wollmantel',
          image: '/images/products/coat.svg',
          size: 'L',
          color: 'Charcoal',
          sizeLabel: 'L',
          colorName: 'Anthrazit',
          unitPrice: 64_900,
          quantity: 1,
          lineTotal: 64_900,
        },
      ],
      subtotal: 74_700,
      shipping: 700,
      discount: 0,
      total: 75_400,
      vat: includedVat(75_400),
      status: 'pending',
      statusHistory: [{ status: 'pending', at, reason: 'placed' }],
      createdAt: at,
      updatedAt: at,
    });
    expect(deps.openCheckout).toHaveBeenCalledWith(placedOrder(), NOW.getTime());
    expect(deps.orders.attachCheckoutSession).toHaveBeenCalledWith(ORDER_ID, SESSION_ID, at);
    expect(deps.promos.getActive).not.toHaveBeenCalled();
    expect(deps.orders.transition).not.toHaveBeenCalled();
  });

  it.each([
    ['WELCOME10', { subtotal: 74_700, shipping: 700, discount: 7_470, total: 67_930 }],
    ['CHF20', { subtotal: 74_700, shipping: 700, discount: 2_000, total: 73_400 }],
    ['FREESHIP', { subtotal: 74_700, shipping: 0, discount: 0, total: 74_700 }],
  ] as const)(
    'applies the active promo code %s as shared pricing does and records it on the order',
    async (code, totals) => {
      const promo = PROMOS.find((p) => p.code === code)!;

      await placeOrder(request({ promoCode: code }), undefined, deps);

      expect(deps.promos.getActive).toHaveBeenCalledWith(code);
      const order = placedOrder();
      expect(order).toMatchObject({ ...totals, vat: includedVat(totals.total), promo: { code, type: promo.type } });
      const { isActive: _active, createdAt: _created, ...pricingPromo } = promo;
      expect(priceOrder(order.items, pricingPromo)).toEqual({
        subtotal: order.subtotal,
        shipping: order.shipping,
        discount: order.discount,
        total: order.total,
        vat: order.vat,
      });
    },
  );

  it('links the order to a signed-in shopper and leaves a guest’s order without a user id', async () => {
    await placeOrder(request(), SHOPPER, deps);
    expect(placedOrder().userId).toBe('user-1');

    deps = makeDeps();
    await placeOrder(request(), undefined, deps);
    expect(placedOrder()).not.toHaveProperty('userId');
  });

  it('names the field of an unknown product, a wrong size and a wrong colour, and reserves nothing', async () => {
    const lines = [
      { productId: 'ghost', size: 'M', color: 'White', quantity: 1 },
      { productId: 'tee', size: 'XXL', color: 'White', quantity: 1 },
      { productId: 'coat', size: 'M', color: 'Pink', quantity: 1 },
    ];

    await expect(placeOrder(request({ lines }), undefined, deps)).rejects.toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: [
          { field: 'lines.0.productId', message: 'No such product' },
          { field: 'lines.1.size', message: 'Not a size of this product' },
          { field: 'lines.2.color', message: 'Not a colour of this product' },
        ],
      },
    });
    expect(deps.orders.placeWithStockReservation).not.toHaveBeenCalled();
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });

  it('refuses lines the shelf cannot cover before writing anything, naming them with what is available', async () => {
    // Two coat lines of 1 and 2 units; the coat has 2 units across all its sizes.
    const lines = [
      { productId: 'tee', size: 'S', color: 'Black', quantity: 1 },
      { productId: 'coat', size: 'L', color: 'Charcoal', quantity: 1 },
      { productId: 'coat', size: 'M', color: 'Charcoal', quantity: 2 },
    ];

    await expect(placeOrder(request({ lines }), undefined, deps)).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
      details: {
        lines: [
          { productId: 'coat', size: 'L', color: 'Charcoal', requested: 1, available: 2 },
          { productId: 'coat', size: 'M', color: 'Charcoal', requested: 2, available: 2 },
        ],
      },
    });
    expect(deps.orders.placeWithStockReservation).not.toHaveBeenCalled();
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });

  it('answers OUT_OF_STOCK for the lines of the products the reservation transaction found short', async () => {
    deps.orders.placeWithStockReservation.mockRejectedValueOnce(new StockShortageError(['coat']));

    const error = await placeOrder(request(), undefined, deps).catch((err: unknown) => err);

    expect(error).toMatchObject({ code: 'OUT_OF_STOCK' });
    const lines = (error as { details: { lines: { productId: string; size: string; requested: number }[] } }).details
      .lines;
    expect(lines.map(({ productId, size, requested }) => ({ productId, size, requested }))).toEqual([
      { productId: 'coat', size: 'L', requested: 1 },
    ]);
    expect(deps.openCheckout).not.toHaveBeenCalled();
    expect(deps.orders.transition).not.toHaveBeenCalled();
  });

  it('lets any other failure of the reservation through as it is', async () => {
    const failure = new Error('ProvisionedThroughputExceeded');
    deps.orders.placeWithStockReservation.mockRejectedValueOnce(failure);

    await expect(placeOrder(request(), undefined, deps)).rejects.toBe(failure);
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });

  it('refuses an unknown or inactive promo code with PROMO_INVALID and reserves nothing', async () => {
    await expect(placeOrder(request({ promoCode: 'NOPE' }), undefined, deps)).rejects.toMatchObject({
      code: 'PROMO_INVALID',
      details: { code: 'NOPE' },
    });
    expect(deps.promos.getActive).toHaveBeenCalledWith('NOPE');
    expect(deps.orders.placeWithStockReservation).not.toHaveBeenCalled();
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });

  it('cancels the order with reason payment_session_failed when no payment session opens, publishes and answers PAYMENT_SESSION_FAILED', async () => {
    const stripeDown = new Error('connect ECONNREFUSED');
    deps.openCheckout.mockRejectedValueOnce(stripeDown);

    const error = await placeOrder(request(), SHOPPER, deps).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(PaymentSessionFailedError);
    expect(error).toMatchObject({ code: 'PAYMENT_SESSION_FAILED', cause: stripeDown });
    expect(deps.orders.transition).toHaveBeenCalledTimes(1);
    expect(deps.orders.transition).toHaveBeenCalledWith(placedOrder(), 'cancelled', {
      reason: 'payment_session_failed',
      at: NOW.toISOString(),
    });
    expect(deps.publishOrderEvents).toHaveBeenCalledWith(ORDER_ID);
    expect(deps.orders.transition.mock.invocationCallOrder[0]!).toBeLessThan(
      deps.publishOrderEvents.mock.invocationCallOrder[0]!,
    );
    expect(deps.orders.attachCheckoutSession).not.toHaveBeenCalled();
    expect(deps.expireCheckout).not.toHaveBeenCalled();
  });

  it('expires the session too when it was opened but could not be attached to the order', async () => {
    deps.orders.attachCheckoutSession.mockRejectedValueOnce(new Error('ConditionalCheckFailedException'));

    await expect(placeOrder(request(), undefined, deps)).rejects.toMatchObject({ code: 'PAYMENT_SESSION_FAILED' });

    expect(deps.expireCheckout).toHaveBeenCalledWith(SESSION_ID);
    expect(deps.orders.transition).toHaveBeenCalledWith(placedOrder(), 'cancelled', {
      reason: 'payment_session_failed',
      at: NOW.toISOString(),
    });
    expect(deps.publishOrderEvents).toHaveBeenCalledWith(ORDER_ID);
  });

  it('still cancels and answers PAYMENT_SESSION_FAILED when expiring the session and publishing fail too', async () => {
    deps.orders.attachCheckoutSession.mockRejectedValueOnce(new Error('timeout'));
    deps.expireCheckout.mockRejectedValueOnce(new Error('stripe down'));
    deps.publishOrderEvents.mockRejectedValueOnce(new Error('bus down'));

    await expect(placeOrder(request(), undefined, deps)).rejects.toMatchObject({ code: 'PAYMENT_SESSION_FAILED' });
    expect(deps.orders.transition).toHaveBeenCalledTimes(1);
  });
});
