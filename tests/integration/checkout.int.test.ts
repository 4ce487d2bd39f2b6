/**
 * The money path through the public API and the Stripe stand-in: checkout reserves stock in one
 * transaction, the hosted page pays, the webhook and the confirmation page converge on one
 * order, exactly once, and every failure leaves nothing reserved.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckoutResponse } from '@linea/shared/contracts/checkout';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutCustomer } from '../fixtures/customer';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import {
  api,
  documentClient,
  endpoints,
  payOnHostedPage,
  signUp,
  stripeClient,
  unique,
  uniqueEmail,
  waitForBusIdle,
  waitForEmail,
  waitForStripeIdle,
  type ApiResponse,
} from './helpers';

async function arrangeProduct(overrides: Partial<Product> = {}): Promise<Product> {
  const id = unique('it-checkout');
  const product: Product = {
    id,
    name: `Checkout ${id}`,
    description: 'Arranged by the checkout integration test',
    price: 4_900,
    category: 'Basics',
    stockQuantity: 5,
    featured: false,
    active: true,
    sizes: ['S', 'M'],
    colors: ['Black', 'Chalk'],
    images: [`/images/products/${id}-1.svg`],
    sortOrder: 1,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
  await createProductRepository(documentClient(), () => endpoints().tableName).put(product);
  return product;
}

async function stockOf(productId: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: endpoints().tableName, Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' } }),
  );
  return Item?.stockQuantity as number;
}

const customer = (email = uniqueEmail('buyer')) => checkoutCustomer(email);

function checkout(
  product: Product,
  options: { quantity?: number; promoCode?: string; email?: string; token?: string; locale?: 'en' | 'de' } = {},
): Promise<ApiResponse<CheckoutResponse & { error?: string; details?: Record<string, unknown> }>> {
  return api('/checkout', {
    method: 'POST',
    ...(options.token ? { token: options.token } : {}),
    json: {
      lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: options.quantity ?? 1 }],
      customer: customer(options.email),
      ...(options.promoCode ? { promoCode: options.promoCode } : {}),
      locale: options.locale ?? 'en',
    },
  });
}

const sessionIdOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

async function orderFromSession(sessionId: string): Promise<ApiResponse<OrderDto>> {
  return api<OrderDto>('/orders/from-session', { method: 'POST', json: { sessionId } });
}

async function signedWebhook(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const { default: Stripe } = await import('stripe');
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? endpoints().stripeWebhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return api('/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

describe('POST /checkout', () => {
  it('reserves stock under contention: of 30 checkouts for the whole stock exactly one succeeds', async () => {
    const product = await arrangeProduct({ stockQuantity: 3 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkout(product, { quantity: 3, email: `race-${i}-${product.id}@example.ch` }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const refused = results.find((result) => result.status === 409);
    expect(refused?.body).toMatchObject({
      error: 'OUT_OF_STOCK',
      details: { lines: [{ productId: product.id, size: 'M', color: 'Black', requested: 3 }] },
    });
    expect(await stockOf(product.id)).toBe(0);
  });

  it('hides a product whose last unit is reserved, and says so on its page', async () => {
    const product = await arrangeProduct({ stockQuantity: 1, category: unique('it-cat') });
    expect((await checkout(product)).status).toBe(201);
    const list = await api<{ items: { id: string }[] }>('/products');
    expect(list.body.items.map((item) => item.id)).not.toContain(product.id);
    const page = await api<{ inStock: boolean; stockQuantity: number }>(`/products/${product.id}`);
    expect(page.body).toMatchObject({ inStock: false, stockQuantity: 0 });
  });

  it('prices a promo order on the server and opens a Stripe session for exactly that total', async () => {
    const product = await arrangeProduct({ price: 4_900 });
    const { status, body } = await checkout(product, { quantity: 2, promoCode: 'linea20' });
    expect(status).toBe(201);
    // 2 x 49.00 = 98.00, minus CHF 20.00, plus 7.00 shipping.
    const session = await (await stripeClient()).checkout.sessions.retrieve(sessionIdOf(body.url));
    expect(session).toMatchObject({
      amount_subtotal: 9_800,
      amount_total: 8_500,
      currency: 'chf',
      client_reference_id: body.orderId,
      metadata: { orderId: body.orderId },
      customer_email: expect.stringMatching(/@example\.com$/),
      total_details: { amount_discount: 2_000, amount_shipping: 700 },
      status: 'open',
    });
    // The address was given (and checked) on the shop's own checkout: Stripe's page does not ask again.
    expect(session.shipping_address_collection).toBeNull();
    expect(session.success_url).toMatch(/\/order-confirmation\/\{CHECKOUT_SESSION_ID\}$/);
    expect(session.cancel_url).toMatch(/\/checkout\?cancelled=1$/);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
  });

  it('rejects any price, total, status or user id sent by the client, naming the field, and writes nothing', async () => {
    const product = await arrangeProduct({ stockQuantity: 2 });
    const base = {
      lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }],
      customer: customer(),
      locale: 'en',
    };
    const attempts: Array<[unknown, string]> = [
      [{ ...base, lines: [{ ...base.lines[0], price: 1 }] }, 'lines.0.price'],
      [{ ...base, total: 1 }, 'total'],
      [{ ...base, status: 'confirmed' }, 'status'],
      [{ ...base, userId: 'someone-else' }, 'userId'],
      [{ ...base, customer: { ...base.customer, country: 'DE' } }, 'customer.country'],
      [{ ...base, customer: { ...base.customer, zipCode: '80331' } }, 'customer.zipCode'],
      [{ ...base, lines: [{ ...base.lines[0], size: 'XXL' }] }, 'lines.0.size'],
      [{ ...base, lines: [{ ...base.lines[0], quantity: 21 }] }, 'lines.0.quantity'],
    ];
    for (const [json, field] of attempts) {
      const { status, body } = await api<{ error: string; details: { fields: { field: string }[] } }>('/checkout', {
        method: 'POST',
        json,
      });
      expect(status, field).toBe(400);
      expect(body.error).toBe('VALIDATION');
      expect(body.details.fields.map((f) => f.field)).toContain(field);
    }
    expect(await stockOf(product.id)).toBe(2);
  });

  it('keeps on the order the picture of the colour the shopper chose', async () => {
    const product = await arrangeProduct({ colors: ['Chalk', 'Black'], images: ['/img/chalk.svg', '/img/black.svg'] });
    const { body } = await checkout(product);
    const order = await orderFromSession(body.sessionId);
    expect(order.body.items[0]).toMatchObject({ color: 'Black', image: '/img/black.svg', unitPrice: 4_900 });
  });

  it('keeps the texts a German shopper bought with, through a later rename, in the order and its email', async () => {
    const product = await arrangeProduct({
      translations: { de: { name: 'Wollmantel', description: 'Aus Wolle.', colors: { Black: 'Schwarz' } } },
    });
    const email = uniqueEmail('deutsch');
    const { body } = await checkout(product, { locale: 'de', email });
    await arrangeProduct({ ...product, name: 'Renamed', translations: { de: { name: 'Umbenannt' } } });

    const order = await orderFromSession(body.sessionId);
    expect(order.body.items[0]).toMatchObject({
      name: 'Wollmantel',
      size: 'M',
      sizeLabel: 'M',
      color: 'Black',
      colorName: 'Schwarz',
    });
    await payOnHostedPage(body.url, 'pay');
    const mail = await waitForEmail(email, 20_000);
    expect(mail.subject).toBe(`Ihre LINEA-Bestellung ${order.body.number}`);
    expect(mail.body.text).toContain('Wollmantel');
    expect(mail.body.text).toContain('Schwarz');
    expect(mail.body.text).not.toContain('Umbenannt');
  });

  it('sells a product that comes in no sizes or colours with both left empty, and nothing else', async () => {
    const product = await arrangeProduct({ sizes: [], colors: [] });
    const line = (size: string, color: string) => ({
      method: 'POST',
      json: { lines: [{ productId: product.id, size, color, quantity: 1 }], customer: customer(), locale: 'en' },
    });
    const accepted = await api('/checkout', line('', ''));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect((await api('/checkout', line('M', ''))).status).toBe(400);
  });

  it('refuses an unknown or inactive promo code with PROMO_INVALID and reserves nothing', async () => {
    const product = await arrangeProduct({ stockQuantity: 2 });
    for (const code of ['NOPE', 'summer25']) {
      const { status, body } = await checkout(product, { promoCode: code });
      expect(status).toBe(404);
      expect(body.error).toBe('PROMO_INVALID');
    }
    expect(await stockOf(product.id)).toBe(2);
  });

  it('cancels the order and releases its stock when Stripe fails, so the shopper can retry', async () => {
    const product = await arrangeProduct({ stockQuantity: 2 });
    const faults = `${endpoints().stripeApiUrl}/_stand-in/faults`;
    await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The SDK retries twice: fail every try.
      body: JSON.stringify({ method: 'POST', pathPrefix: '/v1/checkout/sessions', status: 500, count: 3 }),
    });
    try {
      const failed = await checkout(product, { quantity: 2 });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe('PAYMENT_SESSION_FAILED');
      expect(await stockOf(product.id)).toBe(2);
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
    const retried = await checkout(product, { quantity: 2 });
    expect(retried.status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe('GET /promo-codes/{code}', () => {
  it('finds an active code in any case and tells what it gives', async () => {
    expect((await api('/promo-codes/welcome10')).body).toEqual({ code: 'WELCOME10', type: 'percentage', percent: 10 });
    expect((await api('/promo-codes/Linea20')).body).toEqual({ code: 'LINEA20', type: 'amount', amount: 2_000 });
    expect((await api('/promo-codes/FREESHIP')).body).toEqual({ code: 'FREESHIP', type: 'free_shipping' });
  });

  it('answers 404 PROMO_INVALID for an unknown or inactive code', async () => {
    for (const code of ['NOSUCHCODE', 'SUMMER25']) {
      const { status, body } = await api(`/promo-codes/${code}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: 'PROMO_INVALID' });
    }
  });
});

describe('payment and fulfilment', () => {
  let stripe: Awaited<ReturnType<typeof stripeClient>>;
  beforeAll(async () => {
    stripe = await stripeClient();
  });

  it('confirms once and mails once when the same completed event arrives 5 times and the page asks too', async () => {
    const product = await arrangeProduct({ stockQuantity: 4 });
    const email = uniqueEmail('once');
    const { body } = await checkout(product, { quantity: 2, email });
    const sessionId = sessionIdOf(body.url);

    const paid = await payOnHostedPage(body.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(new RegExp(`/order-confirmation/${sessionId}$`));
    expect(await waitForStripeIdle()).toBe(true);

    const [completed] = (await stripe.events.list({ type: 'checkout.session.completed', limit: 100 })).data.filter(
      (event) => (event.data.object as { id: string }).id === sessionId,
    );
    expect(completed).toBeDefined();
    const payload = JSON.stringify(completed);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => signedWebhook(payload)));
    expect(deliveries.map((d) => d.status)).toEqual([204, 204, 204, 204, 204]);
    const fromPage = await orderFromSession(sessionId);
    expect(fromPage.status).toBe(200);
    expect(fromPage.body).toMatchObject({ id: body.orderId, status: 'confirmed', total: 10_500 });

    expect(await waitForBusIdle()).toBe(true);
    await waitForEmail(email);
    const store = (await (await fetch(`${endpoints().mailboxUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string }[];
    };
    const mails = store.emails.filter((mail) => mail.destination.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your LINEA order ${fromPage.body.number}`);
    expect(await stockOf(product.id)).toBe(2);
  });

  it('works from the confirmation page alone when the page asks before the webhook arrives', async () => {
    const product = await arrangeProduct();
    const { body } = await checkout(product);
    const sessionId = sessionIdOf(body.url);
    // Before paying: the page sees a pending order.
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'pending' });
    await payOnHostedPage(body.url, 'pay');
    const order = await orderFromSession(sessionId);
    expect(order.body).toMatchObject({ id: body.orderId, status: 'confirmed' });
    expect(await waitForStripeIdle()).toBe(true);
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'confirmed' });
  });

  it('keeps a pay-later order pending until the money arrives, then confirms it', async () => {
    const product = await arrangeProduct();
    const { body } = await checkout(product);
    const sessionId = sessionIdOf(body.url);
    await payOnHostedPage(body.url, 'pay_later');
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'pending' });
    expect(await waitForStripeIdle()).toBe(true);
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'confirmed' });
  });

  it('cancels a pay-later order whose payment fails and puts its units back', async () => {
    const product = await arrangeProduct({ stockQuantity: 3 });
    const { body } = await checkout(product, { quantity: 2 });
    expect(await stockOf(product.id)).toBe(1);
    await payOnHostedPage(body.url, 'pay_later_fail');
    expect(await waitForStripeIdle()).toBe(true);
    expect((await orderFromSession(sessionIdOf(body.url))).body).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('leaves a declined order pending with its stock reserved (the shopper may try another card)', async () => {
    const product = await arrangeProduct({ stockQuantity: 3 });
    const { body } = await checkout(product);
    const declined = await payOnHostedPage(body.url, 'decline');
    expect(declined.html).toContain('Your card was declined.');
    expect((await orderFromSession(sessionIdOf(body.url))).body).toMatchObject({ status: 'pending' });
    expect(await stockOf(product.id)).toBe(2);
  });

  it('gives the units back at once when the shopper cancels on the payment page and abandons the checkout', async () => {
    const product = await arrangeProduct({ stockQuantity: 2 });
    const { body } = await checkout(product, { quantity: 2 });
    expect(body.sessionId).toBe(sessionIdOf(body.url));
    const cancelled = await payOnHostedPage(body.url, 'cancel');
    expect(cancelled.location).toMatch(/\/checkout\?cancelled=1$/);

    const abandoned = await api<OrderDto>('/checkout/abandon', { method: 'POST', json: { sessionId: body.sessionId } });
    expect(abandoned.status).toBe(200);
    expect(abandoned.body).toMatchObject({ id: body.orderId, status: 'cancelled' });
    expect(await stockOf(product.id)).toBe(2);
    // The session can no longer be paid.
    expect((await stripe.checkout.sessions.retrieve(body.sessionId)).status).toBe('expired');
    const late = await payOnHostedPage(body.url, 'pay');
    expect(late.location).toBeNull();
    expect(await waitForStripeIdle()).toBe(true);
    expect((await orderFromSession(body.sessionId)).body).toMatchObject({ status: 'cancelled' });
  });

  it('never cancels a paid order through the abandon call', async () => {
    const product = await arrangeProduct();
    const { body } = await checkout(product);
    await payOnHostedPage(body.url, 'pay');
    const abandoned = await api<OrderDto>('/checkout/abandon', { method: 'POST', json: { sessionId: body.sessionId } });
    expect(abandoned.body).toMatchObject({ status: 'confirmed' });
    expect((await api('/checkout/abandon', { method: 'POST', json: { sessionId: 'cs_test_unknown' } })).status).toBe(
      404,
    );
  });

  it('releases the stock of an expired session, and a later paid event cannot revive the order', async () => {
    const product = await arrangeProduct({ stockQuantity: 3 });
    const { body } = await checkout(product, { quantity: 3 });
    const sessionId = sessionIdOf(body.url);
    expect(await stockOf(product.id)).toBe(0);

    await stripe.checkout.sessions.expire(sessionId);
    expect(await waitForStripeIdle()).toBe(true);
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(product.id)).toBe(3);

    // An out-of-order "paid" for the same session (forged by nobody: signed like Stripe's own).
    const [expired] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 100 })).data.filter(
      (event) => (event.data.object as { id: string }).id === sessionId,
    );
    const late = { ...expired, id: `evt_late_${sessionId}`, type: 'checkout.session.async_payment_succeeded' };
    expect((await signedWebhook(JSON.stringify(late))).status).toBe(204);
    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('rejects a forged, an altered and a stale webhook with 400 and changes nothing', async () => {
    const product = await arrangeProduct();
    const { body } = await checkout(product);
    const sessionId = sessionIdOf(body.url);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const event = {
      id: `evt_forged_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    };
    const payload = JSON.stringify(event);

    const forged = await signedWebhook(payload, { secret: 'whsec_not_the_shops_secret' });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: 'VALIDATION' });

    const stale = await signedWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(stale.status).toBe(400);

    const { default: Stripe } = await import('stripe');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: endpoints().stripeWebhookSecret });
    const altered = await api('/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('"paid"', '"unpaid"'),
    });
    expect(altered.status).toBe(400);

    const unsigned = await api('/webhooks/stripe', { method: 'POST', json: event });
    expect(unsigned.status).toBe(400);

    expect((await orderFromSession(sessionId)).body).toMatchObject({ status: 'pending' });
  });
});

describe('GET /orders/{id}', () => {
  it('shows an order to its owner and to an admin, and answers 404 to anyone else', async () => {
    const owner = await signUp();
    const other = await signUp();
    const product = await arrangeProduct();
    const placed = await checkout(product, { token: owner.idToken, email: owner.email });
    expect(placed.status).toBe(201);
    const path = `/orders/${placed.body.orderId}`;

    expect((await api<OrderDto>(path, { token: owner.idToken })).body).toMatchObject({
      id: placed.body.orderId,
      status: 'pending',
    });
    const { signInAsAdmin } = await import('./helpers');
    expect((await api(path, { token: await signInAsAdmin() })).status).toBe(200);

    const stranger = await api(path, { token: other.idToken });
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(owner.email);
    expect((await api(path)).status).toBe(404);
    expect((await api('/orders/no-such-order', { token: owner.idToken })).status).toBe(404);
  });

  it('answers 401 to a caller whose token is forged, rather than treating them as a guest', async () => {
    const product = await arrangeProduct();
    const response = await checkout(product, { token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' });
    expect(response.status).toBe(401);
  });
});
