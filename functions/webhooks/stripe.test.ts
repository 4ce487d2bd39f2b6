import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '@linea/shared/errors';
import { apiEvent, parseBody } from '../../tests/fixtures/api-event';
import type * as Payments from '../lib/payments';
import { verifyPaymentEvent, type PaymentEvent } from '../lib/payments';
import { forgetStripeSecrets } from '../lib/secrets';
import { applyPaymentEvent } from '../services/fulfil-checkout';
import { handler as checkoutArea } from '../areas/checkout';
import { handler } from './stripe';

vi.mock('../lib/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof Payments>()),
  verifyPaymentEvent: vi.fn(),
}));
vi.mock('../services/fulfil-checkout', () => ({ applyPaymentEvent: vi.fn(), orderFromCheckoutSession: vi.fn() }));

/** The adapter as it really is, for the tests of the signature check itself. */
const real = await vi.importActual<typeof Payments>('../lib/payments');

const secretsMock = mockClient(SecretsManagerClient);
const WEBHOOK_SECRET = 'whsec_test_linea';
beforeEach(() => {
  secretsMock.reset();
  secretsMock
    .on(GetSecretValueCommand)
    .resolves({ SecretString: JSON.stringify({ secretKey: 'sk_test_linea', webhookSecret: WEBHOOK_SECRET }) });
  forgetStripeSecrets();
  vi.mocked(verifyPaymentEvent).mockReset();
  vi.mocked(applyPaymentEvent).mockReset();
});
afterEach(() => vi.restoreAllMocks());

const ORDER_ID = '3f6c1a2e-8b4d-4e2a-9c1f-5d7e8a9b0c1d';

const PAID: PaymentEvent = {
  id: 'evt_1',
  type: 'checkout.session.completed',
  session: {
    id: 'cs_test_a1b2c3',
    orderId: ORDER_ID,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: 9_520,
    currency: 'chf',
  },
};

/** A Stripe event as Stripe sends it, with a name outside ASCII so that decoding matters. */
function stripeEvent(type = 'checkout.session.completed', session: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    api_version: '2025-09-30.clover',
    created: 1_763_717_400,
    type,
    data: {
      object: {
        id: 'cs_test_a1b2c3',
        object: 'checkout.session',
        client_reference_id: ORDER_ID,
        metadata: { orderId: ORDER_ID },
        status: 'complete',
        payment_status: 'paid',
        amount_total: 9_520,
        currency: 'chf',
        customer_details: { name: 'Zoë Müller' },
        ...session,
      },
    },
  });
}

const sign = (payload: string, options: { secret?: string; secondsAgo?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) - (options.secondsAgo ?? 0),
  });

const webhookEvent = (body: string, signature: string, isBase64Encoded = false) =>
  apiEvent({
    routeKey: 'POST /webhooks/stripe',
    rawBody: body,
    isBase64Encoded,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });

describe('POST /webhooks/stripe', () => {
  it('answers 400 to a delivery whose signature does not verify, and fulfils nothing', async () => {
    vi.mocked(verifyPaymentEvent).mockRejectedValueOnce(
      new ValidationError('Invalid Stripe signature', [{ field: 'stripe-signature', message: 'Invalid signature' }]),
    );

    const res = await handler(webhookEvent('{"id":"evt_1"}', 't=1,v1=forged'));

    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'stripe-signature' }] },
    });
    expect(applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('refuses a body over the route’s 256 KiB limit with 413 before verifying anything', async () => {
    const res = await handler(webhookEvent(`{"pad":"${'x'.repeat(256 * 1024)}"}`, 't=1,v1=x'));

    expect(res.statusCode).toBe(413);
    expect(verifyPaymentEvent).not.toHaveBeenCalled();
  });

  it('fulfils a handled event and answers 204', async () => {
    vi.mocked(verifyPaymentEvent).mockResolvedValueOnce(PAID);

    const res = await handler(webhookEvent('{"id":"evt_1"}', 't=1,v1=abc'));

    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
    expect(verifyPaymentEvent).toHaveBeenCalledWith(Buffer.from('{"id":"evt_1"}', 'utf8'), 't=1,v1=abc');
    expect(applyPaymentEvent).toHaveBeenCalledTimes(1);
    expect(applyPaymentEvent).toHaveBeenCalledWith(PAID);
  });

  it("reaches Stripe's call through the checkout function without the site's origin header, which that function's other routes need", async () => {
    vi.stubEnv('ORIGIN_VERIFY', 'origin-value-of-this-stage');
    try {
      vi.mocked(verifyPaymentEvent).mockResolvedValueOnce(PAID);
      const delivered = await checkoutArea(webhookEvent('{"id":"evt_1"}', 't=1,v1=abc'));
      expect(delivered.statusCode).toBe(204);
      expect(applyPaymentEvent).toHaveBeenCalledWith(PAID);

      const checkout = await checkoutArea(apiEvent({ routeKey: 'POST /checkout', body: {} }));
      expect(checkout.statusCode).toBe(403);
      expect(parseBody(checkout)).toMatchObject({ error: 'FORBIDDEN' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('answers 204 to an event type the shop does not act on, and fulfils nothing', async () => {
    vi.mocked(verifyPaymentEvent).mockResolvedValueOnce(undefined);

    const res = await handler(webhookEvent('{"id":"evt_2","type":"customer.created"}', 't=1,v1=abc'));

    expect(res.statusCode).toBe(204);
    expect(applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('decodes a base64-encoded body to the exact bytes received before verifying them', async () => {
    // Bytes that are not valid UTF-8 survive only if the body is decoded from base64, not re-encoded as text.
    const bytes = Buffer.concat([Buffer.from('{"name":"Zoë ☕"}', 'utf8'), Buffer.from([0xff, 0xfe, 0x00])]);
    vi.mocked(verifyPaymentEvent).mockResolvedValueOnce(undefined);

    await handler(webhookEvent(bytes.toString('base64'), 't=1,v1=abc', true));

    const [received] = vi.mocked(verifyPaymentEvent).mock.calls[0]!;
    expect(Buffer.isBuffer(received)).toBe(true);
    expect(received.equals(bytes)).toBe(true);
  });

  it('answers 500 when fulfilment fails, so that Stripe delivers the event again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(verifyPaymentEvent).mockResolvedValueOnce(PAID);
    vi.mocked(applyPaymentEvent).mockRejectedValueOnce(new Error('EventBridge unavailable'));

    const res = await handler(webhookEvent('{"id":"evt_1"}', 't=1,v1=abc'));

    expect(res.statusCode).toBe(500);
  });

  it('answers 400, not 500, to a validly signed event whose session is missing, and fulfils nothing', async () => {
    vi.mocked(verifyPaymentEvent).mockImplementation(real.verifyPaymentEvent);
    // What the API fuzz sent: Stripe's signature is right, its content is not a session.
    const payload = JSON.stringify({
      id: 'evt_fuzz',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: null },
    });

    const res = await handler(webhookEvent(payload, sign(payload)));

    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'data.object' }] } });
    expect(applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('verifies a real signature over the decoded bytes of a base64 body, end to end', async () => {
    vi.mocked(verifyPaymentEvent).mockImplementation(real.verifyPaymentEvent);
    const payload = stripeEvent();

    const res = await handler(webhookEvent(Buffer.from(payload).toString('base64'), sign(payload), true));

    expect(res.statusCode).toBe(204);
    expect(applyPaymentEvent).toHaveBeenCalledWith(PAID);
  });
});

describe('verifyPaymentEvent (the real Stripe SDK, keys from a mocked Secrets Manager)', () => {
  it('returns a validly signed event in the shop’s terms, with the keys read from the configured secret', async () => {
    const payload = stripeEvent();

    await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).resolves.toEqual(PAID);
    expect(secretsMock.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: 'linea/test/stripe',
    });
  });

  it.each([
    ['signed with another secret', () => sign(stripeEvent(), { secret: 'whsec_someone_else' }), stripeEvent()],
    ['signed 10 minutes ago (a replay)', () => sign(stripeEvent(), { secondsAgo: 600 }), stripeEvent()],
    [
      'altered after signing',
      () => sign(stripeEvent()),
      stripeEvent().replace('"amount_total":9520', '"amount_total":1'),
    ],
    ['without a signature', () => '', stripeEvent()],
  ])('refuses an event %s with a VALIDATION error naming stripe-signature', async (_, signature, body) => {
    await expect(real.verifyPaymentEvent(Buffer.from(body), signature() || undefined)).rejects.toMatchObject({
      code: 'VALIDATION',
      details: { fields: [{ field: 'stripe-signature', message: 'Invalid signature' }] },
    });
  });

  it.each([
    ['without a session', { data: { object: null } }, 'data.object'],
    ['with a session without an id', { data: { object: { status: 'complete' } } }, 'data.object.id'],
    [
      'with an order id that is not text',
      { data: { object: { id: 'cs_1', metadata: { orderId: 7 } } } },
      'data.object.metadata.orderId',
    ],
    [
      'with an amount that is not a number',
      { data: { object: { id: 'cs_1', amount_total: '9520' } } },
      'data.object.amount_total',
    ],
    ['without an event id', { id: null }, 'id'],
  ])(
    'refuses a validly signed handled event %s with a VALIDATION error naming the field',
    async (_, override, field) => {
      const payload = JSON.stringify({ ...(JSON.parse(stripeEvent()) as Record<string, unknown>), ...override });

      await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).rejects.toMatchObject({
        code: 'VALIDATION',
        message: 'Malformed Stripe event',
        details: { fields: [expect.objectContaining({ field })] },
      });
    },
  );

  it.each(['null', '42', '"evt"', '[]', '{}', '{"type":7}'])(
    'refuses a validly signed body %s that is no event with a VALIDATION error, not a 500',
    async (payload) => {
      await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).rejects.toMatchObject({
        code: 'VALIDATION',
        message: 'Malformed Stripe event',
        details: { fields: [{ field: 'type', message: expect.any(String) }] },
      });
    },
  );

  it('returns nothing for a validly signed event type the shop does not act on', async () => {
    const payload = stripeEvent('checkout.session.async_payment_pending');

    await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).resolves.toBeUndefined();
  });

  it('falls back on the client reference for the order id, and reads an unknown payment status as unpaid', async () => {
    const payload = stripeEvent('checkout.session.completed', { metadata: {}, payment_status: 'something_new' });

    await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).resolves.toMatchObject({
      session: { orderId: ORDER_ID, paymentStatus: 'unpaid' },
    });
  });

  it('reads a signed session whose order id no order can have as naming none (found by the API fuzz)', async () => {
    const payload = stripeEvent('checkout.session.expired', {
      metadata: { orderId: 'x'.repeat(30_000) },
      client_reference_id: null,
    });

    await expect(real.verifyPaymentEvent(Buffer.from(payload), sign(payload))).resolves.toMatchObject({
      session: { orderId: undefined },
    });
  });
});
