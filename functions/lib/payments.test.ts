import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '../../tests/fixtures/orders';
import { openCheckout } from './payments';

// The Stripe SDK as opening a checkout uses it: a coupon for a discount, then the session.
const stripe = vi.hoisted(() => ({ coupons: { create: vi.fn() }, checkout: { sessions: { create: vi.fn() } } }));
vi.mock('./clients/stripe', () => ({ stripeClient: vi.fn(async () => stripe) }));

beforeEach(() => {
  stripe.coupons.create.mockReset();
  stripe.checkout.sessions.create.mockReset();
});

describe('openCheckout', () => {
  it("hands Stripe the address the shopper gave at our checkout instead of having Stripe's page ask for it again", async () => {
    const order = anOrder({
      firstName: 'Lea',
      lastName: 'Meier',
      address: 'Seestrasse 4',
      zipCode: '6004',
      city: 'Luzern',
    });
    stripe.checkout.sessions.create.mockResolvedValueOnce({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_1',
      amount_total: order.total,
      currency: 'chf',
    });

    await openCheckout(order);

    const [params] = stripe.checkout.sessions.create.mock.calls[0]!;
    expect(params).not.toHaveProperty('shipping_address_collection');
    expect(params.payment_intent_data).toEqual({
      metadata: { orderId: order.id },
      shipping: {
        name: 'Lea Meier',
        address: { line1: 'Seestrasse 4', postal_code: '6004', city: 'Luzern', country: 'CH' },
      },
    });
  });
});
