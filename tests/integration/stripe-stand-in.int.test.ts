/**
 * The Stripe stand-in (infra/local/stripe/), driven the way the shop drives Stripe: the real
 * `stripe` SDK pointed at it with host/port/protocol, a webhook endpoint that verifies every
 * delivery with `stripe.webhooks.constructEvent`, and plain form posts to the hosted page as a
 * browser makes them. The stand-ins started here are the test's own (port 0, temp state files);
 * the local cloud of the integration project's global setup is not used.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../infra/local/stripe';

const SECRET_KEY = 'sk_test_standin_4eC39HqLyjWDarjtT1zdp7dc';
const WEBHOOK_SECRET = 'whsec_standin_integration_test_secret';
const MAX_ATTEMPTS = 4;
const ASYNC_DELAY_MS = 150;

interface Receiver {
  readonly url: string;
  /** Deliveries that passed signature verification and were answered 2xx. */
  readonly received: Stripe.Event[];
  /** Deliveries whose signature did not verify. */
  readonly rejected: string[];
  /** Session id → how many more deliveries about it to answer with 500. */
  readonly failFor: Map<string, number>;
  eventsFor(sessionId: string): Stripe.Event[];
  close(): Promise<void>;
}

function sessionIdOf(event: Stripe.Event): string {
  return (event.data.object as { id: string }).id;
}

/** The shop's side of webhooks, in miniature: verify the raw body, then answer. */
async function startReceiver(): Promise<Receiver> {
  const received: Stripe.Event[] = [];
  const rejected: string[] = [];
  const failFor = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), WEBHOOK_SECRET);
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(400).end();
        return;
      }
      const sessionId = sessionIdOf(event);
      const failures = failFor.get(sessionId) ?? 0;
      if (failures > 0) {
        failFor.set(sessionId, failures - 1);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('not now');
        return;
      }
      received.push(event);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    rejected,
    failFor,
    eventsFor: (sessionId) => received.filter((event) => sessionIdOf(event) === sessionId),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function client(standIn: { port: number }, config: { key?: string; maxNetworkRetries?: number } = {}): Stripe {
  return new Stripe(config.key ?? SECRET_KEY, {
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: config.maxNetworkRetries ?? 0,
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error('Expected the call to fail');
}

interface DeliveryView {
  readonly eventId: string;
  readonly type: string;
  readonly objectId: string;
  readonly state: string;
  readonly attempts: Array<{ readonly status: number | null; readonly at: string }>;
}

async function deliveriesOf(standIn: { url: string }): Promise<DeliveryView[]> {
  return (await (await fetch(`${standIn.url}/_stand-in/deliveries`)).json()) as DeliveryView[];
}

const SHOP = 'http://shop.test';

function sessionParams(marker: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 2,
        price_data: {
          currency: 'chf',
          unit_amount: 4900,
          product_data: { name: 'Linen shirt', description: 'M · Sand', metadata: { productId: 'p-1' } },
        },
      },
      {
        quantity: 1,
        price_data: { currency: 'chf', unit_amount: 2500, product_data: { name: 'Cotton socks' } },
      },
    ],
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          fixed_amount: { amount: 900, currency: 'chf' },
          display_name: 'Standard shipping',
        },
      },
    ],
    shipping_address_collection: { allowed_countries: ['CH'] },
    customer_email: 'anna@example.com',
    client_reference_id: marker,
    metadata: { orderId: marker },
    payment_intent_data: { metadata: { orderId: marker } },
    locale: 'en',
    success_url: `${SHOP}/order-confirmation/{CHECKOUT_SESSION_ID}`,
    cancel_url: `${SHOP}/checkout?cancelled=1`,
    ...extra,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

const ADDRESS = { name: 'Anna Muster', line1: 'Bahnhofstrasse 1', postal_code: '8001', city: 'Zürich', country: 'CH' };

async function submit(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

let counter = 0;
const marker = (): string => `order-${Date.now().toString(36)}-${(counter += 1)}`;

describe('the Stripe stand-in', () => {
  let dir: string;
  let receiver: Receiver;
  let standIn: StripeStandIn;
  let stripe: Stripe;
  const warnings: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linea-stripe-'));
    receiver = await startReceiver();
    standIn = await startStripeStandIn({
      port: 0,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      stateFile: join(dir, 'stripe.json'),
      asyncPaymentDelayMs: ASYNC_DELAY_MS,
      webhookRetryBaseMs: 40,
      webhookMaxAttempts: MAX_ATTEMPTS,
      log: () => undefined,
      warn: (line) => warnings.push(line),
    });
    stripe = client(standIn);
  });

  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a Checkout Session with Stripe’s shape and amounts (coupon, shipping) and retrieves it', async () => {
    const id = marker();
    const coupon = await stripe.coupons.create({
      amount_off: 1000,
      currency: 'chf',
      duration: 'once',
      max_redemptions: 1,
      name: 'WELCOME10',
      metadata: { orderId: id },
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      amount_off: 1000,
      currency: 'chf',
      duration: 'once',
      max_redemptions: 1,
      percent_off: null,
      times_redeemed: 0,
      valid: true,
      livemode: false,
      metadata: { orderId: id },
    });
    expect(await stripe.coupons.retrieve(coupon.id)).toEqual(coupon);

    const session = await stripe.checkout.sessions.create(sessionParams(id, { discounts: [{ coupon: coupon.id }] }));
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{20,}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      currency: 'chf',
      amount_subtotal: 2 * 4900 + 2500,
      amount_total: 2 * 4900 + 2500 - 1000 + 900,
      total_details: { amount_discount: 1000, amount_shipping: 900, amount_tax: 0 },
      shipping_cost: { amount_subtotal: 900, amount_total: 900, amount_tax: 0 },
      shipping_address_collection: { allowed_countries: ['CH'] },
      discounts: [{ coupon: coupon.id, promotion_code: null }],
      url: `${standIn.url}/c/pay/${session.id}`,
      livemode: false,
      metadata: { orderId: id },
      client_reference_id: id,
      customer_email: 'anna@example.com',
      customer_details: null,
      collected_information: null,
      payment_intent: null,
      locale: 'en',
      success_url: `${SHOP}/order-confirmation/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${SHOP}/checkout?cancelled=1`,
      ui_mode: 'hosted_page',
    });
    expect(session.shipping_cost?.shipping_rate).toMatch(/^shr_/);
    expect(session.shipping_options).toEqual([
      { shipping_amount: 900, shipping_rate: session.shipping_cost?.shipping_rate },
    ]);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
    expect(session.line_items).toBeUndefined();
    expect(session.lastResponse.requestId).toMatch(/^req_/);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    const { line_items: lineItems, ...rest } = retrieved;
    const { lastResponse: _created, ...created } = session;
    expect(rest).toEqual(created);
    expect(lineItems?.data).toHaveLength(2);
    expect(lineItems?.data[0]).toMatchObject({
      object: 'item',
      description: 'Linen shirt',
      quantity: 2,
      currency: 'chf',
      amount_subtotal: 9800,
      amount_total: 9800 - (lineItems?.data[0]?.amount_discount ?? 0),
      price: { object: 'price', unit_amount: 4900, currency: 'chf', type: 'one_time' },
    });
    // The discount is spread over the lines and adds up.
    expect((lineItems?.data ?? []).reduce((sum, item) => sum + item.amount_discount, 0)).toBe(1000);
    const listed = await stripe.checkout.sessions.listLineItems(session.id, { limit: 1 });
    expect(listed).toMatchObject({
      object: 'list',
      has_more: true,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    });
    expect(listed.data[0]?.id).toBe(lineItems?.data[0]?.id);

    const product = lineItems?.data[1]?.price?.product;
    expect(await stripe.products.retrieve(String(product))).toMatchObject({ object: 'product', name: 'Cotton socks' });

    const percent = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    const discounted = await stripe.checkout.sessions.create(
      sessionParams(marker(), { discounts: [{ coupon: percent.id }] }),
    );
    expect(discounted.total_details?.amount_discount).toBe(1230);
    expect(discounted.amount_total).toBe(12300 - 1230 + 900);
  });

  it('creates, reads and updates products', async () => {
    const product = await stripe.products.create({
      name: 'Linen shirt',
      description: 'Light and breathable',
      images: ['https://example.com/shirt.jpg'],
      metadata: { productId: 'p-7' },
    });
    expect(product).toMatchObject({
      object: 'product',
      active: true,
      name: 'Linen shirt',
      description: 'Light and breathable',
      images: ['https://example.com/shirt.jpg'],
      metadata: { productId: 'p-7' },
      livemode: false,
    });
    expect(product.id).toMatch(/^prod_/);
    const updated = await stripe.products.update(product.id, {
      name: 'Linen shirt (2026)',
      description: '',
      active: false,
      metadata: { productId: '', season: 'summer' },
    });
    expect(updated).toMatchObject({
      id: product.id,
      name: 'Linen shirt (2026)',
      description: null,
      active: false,
      metadata: { season: 'summer' },
    });
    expect(await stripe.products.retrieve(product.id)).toEqual(updated);
  });

  it('rejects invalid parameters with Stripe’s error shapes', async () => {
    const noItems = await rejection(
      stripe.checkout.sessions.create({ ...sessionParams(marker()), line_items: undefined }),
    );
    expect(noItems).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noItems).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'line_items',
      message: 'Missing required param: line_items.',
    });

    const base = sessionParams(marker());
    const notInteger = await rejection(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'chf', unit_amount: 'abc' as unknown as number, product_data: { name: 'X' } },
          },
        ],
      }),
    );
    expect(notInteger).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
      message: 'Invalid integer: abc',
    });

    const tooSoon = await rejection(
      stripe.checkout.sessions.create({ ...base, expires_at: Math.floor(Date.now() / 1000) + 10 * 60 }),
    );
    expect(tooSoon).toMatchObject({ statusCode: 400, param: 'expires_at' });
    expect(tooSoon.message).toContain('at least 30 minutes');
    const tooLate = await rejection(
      stripe.checkout.sessions.create({ ...base, expires_at: Math.floor(Date.now() / 1000) + 25 * 60 * 60 }),
    );
    expect(tooLate).toMatchObject({ statusCode: 400, param: 'expires_at' });

    // Shipping a merchant already knows: a name and an address with its first line.
    const noAddress = await rejection(
      stripe.checkout.sessions.create({
        ...base,
        payment_intent_data: {
          shipping: { name: 'Anna Muster' } as Stripe.Checkout.SessionCreateParams.PaymentIntentData.Shipping,
        },
      }),
    );
    expect(noAddress).toMatchObject({ code: 'parameter_missing', param: 'payment_intent_data[shipping][address]' });
    const noLine = await rejection(
      stripe.checkout.sessions.create({
        ...base,
        payment_intent_data: { shipping: { name: 'Anna Muster', address: { city: 'Zürich' } } as never },
      }),
    );
    expect(noLine).toMatchObject({ code: 'parameter_missing', param: 'payment_intent_data[shipping][address][line1]' });

    const unknown = await rejection(
      stripe.checkout.sessions.create({
        ...base,
        payment_method_types: ['card'],
      } as Stripe.Checkout.SessionCreateParams),
    );
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });

    const currency = await rejection(stripe.coupons.create({ amount_off: 100, currency: 'xyz', duration: 'once' }));
    expect(currency).toMatchObject({ statusCode: 400, param: 'currency' });
    expect(currency.message).toMatch(/^Invalid currency: xyz/);

    const raw = await fetch(`${standIn.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(400);
    expect(raw.headers.get('request-id')).toMatch(/^req_/);
    expect(await raw.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers an unknown id with resource_missing and a wrong key with an authentication error', async () => {
    const missing = await rejection(stripe.checkout.sessions.retrieve('cs_test_doesnotexist'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_doesnotexist'",
    });
    expect(await rejection(stripe.coupons.retrieve('NOPE'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(await rejection(stripe.events.retrieve('evt_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });

    const wrongKey = await rejection(client(standIn, { key: 'sk_test_wrong_key_1234' }).coupons.retrieve('X'));
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey).toMatchObject({ statusCode: 401 });
    expect(wrongKey.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);

    const noKey = await fetch(`${standIn.url}/v1/coupons/X`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { message: string } }).error.message).toMatch(
      /did not provide an API key/,
    );
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const id = marker();
    const key = `checkout-session-${id}`;
    const first = await stripe.checkout.sessions.create(sessionParams(id), { idempotencyKey: key });
    const again = await stripe.checkout.sessions.create(sessionParams(id), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();

    const other = await rejection(
      stripe.checkout.sessions.create(sessionParams(id, { client_reference_id: 'something-else' }), {
        idempotencyKey: key,
      }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    const list = await stripe.checkout.sessions.list({ limit: 100 });
    expect(list.data.filter((session) => session.client_reference_id === id)).toHaveLength(1);
  });

  it('expires an open session on request, emits checkout.session.expired, and refuses a second expiry', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` });
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null, payment_status: 'unpaid' });

    const again = await rejection(stripe.checkout.sessions.expire(session.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400 });
    expect(again.message).toContain('This Checkout Session has a status of `expired`');

    expect(await standIn.whenIdle(5_000)).toBe(true);
    const [event, ...more] = receiver.eventsFor(session.id);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.expired',
      api_version: Stripe.API_VERSION,
      livemode: false,
      request: { idempotency_key: `expire-${session.id}` },
      data: { object: { id: session.id, status: 'expired', url: null } },
    });
    expect(event?.request?.id).toMatch(/^req_/);

    // The event can be fetched again, e.g. to re-deliver it by hand.
    const fetched = await stripe.events.retrieve(event?.id ?? '');
    expect(fetched).toMatchObject({ id: event?.id, type: 'checkout.session.expired', pending_webhooks: 0 });
    const newest = await stripe.events.list({ type: 'checkout.session.*', limit: 1 });
    expect(newest.data.map((item) => item.id)).toEqual([event?.id]);
  });

  it('serves an accessible hosted page and completes a session with Pay', async () => {
    const id = marker();
    const coupon = await stripe.coupons.create({
      amount_off: 1000,
      currency: 'chf',
      duration: 'once',
      max_redemptions: 1,
    });
    const session = await stripe.checkout.sessions.create(sessionParams(id, { discounts: [{ coupon: coupon.id }] }));
    const url = session.url ?? '';

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Intl puts a no-break space between the currency and the amount.
    const html = (await page.text()).replace(/\u00a0/g, ' ');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const field of ['email', 'name', 'line1', 'postal_code', 'city', 'country']) {
      expect(html).toContain(`<label for="${field}">`);
      expect(html).toContain(`id="${field}"`);
    }
    expect(html).toMatch(/id="email"[^>]*value="anna@example\.com"[^>]*readonly/);
    expect(html).toContain('value="Switzerland"');
    expect(html).toContain('Linen shirt');
    expect(html).toContain('CHF 98.00');
    expect(html).toContain('−CHF 10.00');
    expect(html).toContain('CHF 9.00');
    expect(html).toContain('CHF 122.00');
    for (const label of ['Pay', 'Pay later', 'Pay later (fails)', 'Decline', 'Cancel']) {
      expect(html).toMatch(
        new RegExp(
          `<button type="submit" name="action" value="[a-z_]+"[^>]*>${label.replace(/[()]/g, '\\$&')}</button>`,
        ),
      );
    }
    expect(html).toContain(':focus-visible');

    // Without the address, the page asks for it again and nothing happens.
    const incomplete = await submit(url, { action: 'pay', name: 'Anna Muster' });
    expect(incomplete.status).toBe(422);
    const incompleteHtml = await incomplete.text();
    expect(incompleteHtml).toContain('role="alert"');
    expect(incompleteHtml).toContain('Enter your address.');
    expect(incompleteHtml).toMatch(/id="line1"[^>]*aria-invalid="true" aria-describedby="line1-error"/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await submit(url, { action: 'pay', ...ADDRESS });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SHOP}/order-confirmation/${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const address = {
      line1: 'Bahnhofstrasse 1',
      line2: null,
      postal_code: '8001',
      city: 'Zürich',
      country: 'CH',
      state: null,
    };
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { email: 'anna@example.com', name: 'Anna Muster', address },
      collected_information: { shipping_details: { name: 'Anna Muster', address } },
    });
    expect(completed.payment_intent).toMatch(/^pi_/);
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });

    expect(await standIn.whenIdle(5_000)).toBe(true);
    const events = receiver.eventsFor(session.id);
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed']);
    expect(events[0]?.data.object).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: completed.payment_intent,
      metadata: { orderId: id },
    });

    // A completed session's page says so and offers nothing to press.
    const after = await (await fetch(url)).text();
    expect(after).toContain('Payment complete');
    expect(after).not.toContain('<button');
    expect((await fetch(`${standIn.url}/c/pay/cs_test_unknown`)).status).toBe(404);
  });

  it('Pay later completes unpaid, then reports async_payment_succeeded', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    const response = await submit(session.url ?? '', { action: 'pay_later', ...ADDRESS });
    expect(response.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(completed.payment_intent).toMatch(/^pi_/);

    expect(await standIn.whenIdle(5_000)).toBe(true);
    const events = receiver.eventsFor(session.id);
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    expect(events[0]?.data.object).toMatchObject({ payment_status: 'unpaid' });
    expect(events[1]?.data.object).toMatchObject({ payment_status: 'paid' });
    expect((events[1]?.created ?? 0) >= (events[0]?.created ?? 0)).toBe(true);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('Pay later (fails) completes unpaid, then reports async_payment_failed', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    expect((await submit(session.url ?? '', { action: 'pay_later_fail', ...ADDRESS })).status).toBe(303);
    expect(await standIn.whenIdle(5_000)).toBe(true);
    expect(receiver.eventsFor(session.id).map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
    });
  });

  it('Decline keeps the customer on the page with an alert, the session open, and no event', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    const declined = await submit(session.url ?? '', { action: 'decline', ...ADDRESS });
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toMatch(/<div class="alert" role="alert"><p>Your card was declined\.<\/p>/);
    expect(html).toContain('value="Bahnhofstrasse 1"');
    expect(html).toContain('<button');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(await standIn.whenIdle(5_000)).toBe(true);
    expect(receiver.eventsFor(session.id)).toEqual([]);
    expect((await deliveriesOf(standIn)).filter((item) => item.objectId === session.id)).toEqual([]);

    // The page speaks the session's language.
    const german = await stripe.checkout.sessions.create(sessionParams(marker(), { locale: 'de' }));
    const germanHtml = await (await submit(german.url ?? '', { action: 'decline', ...ADDRESS })).text();
    expect(germanHtml).toContain('<html lang="de">');
    expect(germanHtml).toContain('Ihre Karte wurde abgelehnt.');
    expect(germanHtml).toContain('value="Schweiz"');
  });

  it('Cancel returns to cancel_url and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    const cancelled = await submit(session.url ?? '', { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${SHOP}/checkout?cancelled=1`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await standIn.whenIdle(5_000)).toBe(true);
    expect(receiver.eventsFor(session.id)).toEqual([]);
    expect((await deliveriesOf(standIn)).filter((item) => item.objectId === session.id)).toEqual([]);
  });

  it('retries a failing webhook endpoint with backoff and delivers on the third attempt', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    receiver.failFor.set(session.id, 2);
    await stripe.checkout.sessions.expire(session.id);
    expect(await standIn.whenIdle(5_000)).toBe(true);

    expect(receiver.eventsFor(session.id).map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect(receiver.rejected).toEqual([]);
    const deliveries = await deliveriesOf(standIn);
    const delivery = deliveries.find((item) => item.objectId === session.id);
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    const [first, second, third] = (delivery?.attempts ?? []).map((attempt) => Date.parse(attempt.at));
    // 40 ms, then 80 ms between attempts (plus the time each attempt takes).
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(40);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(80);
  });

  it('marks a delivery failed after the last attempt and warns', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(marker()));
    receiver.failFor.set(session.id, 1_000);
    await stripe.checkout.sessions.expire(session.id);
    expect(await standIn.whenIdle(5_000)).toBe(true);
    receiver.failFor.delete(session.id);

    const [event] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 1 })).data;
    expect(event?.data.object).toMatchObject({ id: session.id });
    expect(event?.pending_webhooks).toBe(1);
    const deliveries = await deliveriesOf(standIn);
    expect(deliveries.find((item) => item.eventId === event?.id)).toMatchObject({ state: 'failed' });
    expect(deliveries.find((item) => item.eventId === event?.id)?.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(warnings.some((line) => line.includes(event?.id ?? '-') && line.includes('WEBHOOK FAILED'))).toBe(true);
    expect(receiver.eventsFor(session.id)).toEqual([]);
  });

  it('fails API calls on demand through /_stand-in/faults, as a Stripe outage would', async () => {
    const arm = (fault: Record<string, unknown>): Promise<Response> =>
      fetch(`${standIn.url}/_stand-in/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
    expect((await arm({ method: 'POST', pathPrefix: '/v1/checkout/sessions', status: 500, count: 1 })).status).toBe(
      201,
    );
    const outage = await rejection(stripe.checkout.sessions.create(sessionParams(marker())));
    expect(outage).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(outage).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    // The fault is spent: the next call goes through.
    expect((await stripe.checkout.sessions.create(sessionParams(marker()))).status).toBe('open');

    // With the SDK's default retries, a single 500 is absorbed.
    await arm({ method: 'POST', pathPrefix: '/v1/coupons', count: 1 });
    const retrying = client(standIn, { maxNetworkRetries: 2 });
    const coupon = await retrying.coupons.create({ percent_off: 5, duration: 'once' });
    expect(coupon.object).toBe('coupon');

    await arm({ method: 'GET', pathPrefix: '/v1/coupons', status: 503, count: 5 });
    expect(await rejection(stripe.coupons.retrieve(coupon.id))).toMatchObject({ statusCode: 503 });
    expect(
      ((await (await fetch(`${standIn.url}/_stand-in/faults`)).json()) as { faults: unknown[] }).faults,
    ).toHaveLength(1);
    const cleared = await fetch(`${standIn.url}/_stand-in/faults`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ cleared: 1 });
    expect((await stripe.coupons.retrieve(coupon.id)).id).toBe(coupon.id);
  });

  it('answers /_stand-in/idle', async () => {
    const response = await fetch(`${standIn.url}/_stand-in/idle?timeoutMs=2000`);
    expect(await response.json()).toMatchObject({ idle: true, pendingDeliveries: 0, pendingAsyncPayments: 0 });
  });
});

describe('the Stripe stand-in across time and restarts', () => {
  let dir: string;
  let stateFile: string;
  let receiver: Receiver;
  let offsetMs = 0;
  const now = (): number => Date.now() + offsetMs;
  const start = (retryBaseMs: number): Promise<StripeStandIn> =>
    startStripeStandIn({
      port: 0,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      stateFile,
      asyncPaymentDelayMs: ASYNC_DELAY_MS,
      webhookRetryBaseMs: retryBaseMs,
      webhookMaxAttempts: MAX_ATTEMPTS,
      log: () => undefined,
      warn: () => undefined,
      now,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linea-stripe-restart-'));
    stateFile = join(dir, 'state', 'stripe.json');
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('expires a session at its expires_at and emits checkout.session.expired', async () => {
    const standIn = await start(40);
    try {
      const stripe = client(standIn);
      const expiresAt = Math.floor(now() / 1000) + 31 * 60;
      const session = await stripe.checkout.sessions.create(sessionParams(marker(), { expires_at: expiresAt }));
      const untouched = await stripe.checkout.sessions.create(sessionParams(marker()));
      expect(session.expires_at).toBe(expiresAt);

      offsetMs += 32 * 60 * 1000;
      // No API call: the stand-in's own timer notices.
      await until(() => receiver.eventsFor(session.id).length > 0, 'the expiry event');
      expect(receiver.eventsFor(session.id)[0]).toMatchObject({
        type: 'checkout.session.expired',
        request: { id: null, idempotency_key: null },
        data: { object: { id: session.id, status: 'expired' } },
      });
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
      expect((await stripe.checkout.sessions.retrieve(untouched.id)).status).toBe('open');
      const page = await (await fetch(session.url ?? '')).text();
      expect(page).toContain('Checkout session expired');
      expect(page).not.toContain('<button');
    } finally {
      await standIn.close();
    }
  });

  it('keeps its state across a restart: sessions, pending webhooks, expiry while stopped', async () => {
    const first = await start(60_000);
    let paidId: string;
    let pendingId: string;
    let expiringId: string;
    let openId: string;
    let pendingEventId: string;
    try {
      const stripe = client(first);
      const paid = await stripe.checkout.sessions.create(sessionParams(marker()));
      await submit(paid.url ?? '', { action: 'pay', ...ADDRESS });
      expect(await first.whenIdle(5_000)).toBe(true);
      paidId = paid.id;

      const pending = await stripe.checkout.sessions.create(sessionParams(marker()));
      pendingId = pending.id;
      receiver.failFor.set(pendingId, 1);
      await stripe.checkout.sessions.expire(pendingId);
      await until(() => receiver.failFor.get(pendingId) === 0, 'the first, failing delivery');
      // The retry waits a minute: the stand-in is not idle when it stops.
      expect(await first.whenIdle(100)).toBe(false);

      expiringId = (
        await stripe.checkout.sessions.create(
          sessionParams(marker(), { expires_at: Math.floor(now() / 1000) + 40 * 60 }),
        )
      ).id;
      openId = (await stripe.checkout.sessions.create(sessionParams(marker()))).id;
      const [event] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 1 })).data;
      pendingEventId = event?.id ?? '';
      expect(event?.data.object).toMatchObject({ id: pendingId });
    } finally {
      await first.close();
    }

    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      events: Array<{ event: { id: string }; state: string }>;
    };
    expect(saved.events.find((record) => record.event.id === pendingEventId)?.state).toBe('pending');
    expect(receiver.eventsFor(pendingId)).toEqual([]);

    // Two hours pass while the stand-in is stopped.
    offsetMs += 2 * 60 * 60 * 1000;
    const second = await start(40);
    try {
      const stripe = client(second);
      expect(await second.whenIdle(5_000)).toBe(true);

      expect(receiver.eventsFor(pendingId).map((event) => event.id)).toEqual([pendingEventId]);
      expect(receiver.eventsFor(expiringId).map((event) => event.type)).toEqual(['checkout.session.expired']);
      expect(receiver.eventsFor(paidId).map((event) => event.type)).toEqual(['checkout.session.completed']);

      expect(await stripe.checkout.sessions.retrieve(paidId)).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
        customer_details: { name: 'Anna Muster' },
      });
      expect((await stripe.checkout.sessions.retrieve(pendingId)).status).toBe('expired');
      expect((await stripe.checkout.sessions.retrieve(expiringId)).status).toBe('expired');
      const open = await stripe.checkout.sessions.retrieve(openId);
      expect(open.status).toBe('open');
      expect(open.url).toBe(`${second.url}/c/pay/${openId}`);
      expect((await fetch(open.url ?? '')).status).toBe(200);

      const deliveries = await deliveriesOf(second);
      expect(deliveries.find((item) => item.eventId === pendingEventId)).toMatchObject({ state: 'delivered' });
      expect(
        deliveries.find((item) => item.eventId === pendingEventId)?.attempts.map((attempt) => attempt.status),
      ).toEqual([500, 200]);
    } finally {
      await second.close();
    }
  });
});
