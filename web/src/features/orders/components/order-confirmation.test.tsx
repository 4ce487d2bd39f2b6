import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@linea/shared/contracts/orders';
import type { CartLine } from '@linea/shared/domain/cart';
import { useCartStore } from '../../../stores/cart-store';
import { apiRequestUrl, orderFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import { OrderConfirmation, type OrderConfirmationProps } from './order-confirmation';

const line = (id: string, size: string, color: string, name = id): CartLine => ({
  id,
  name,
  price: 4900,
  size,
  color,
  image: '',
  quantity: 1,
});
const orderedTee = line('tee', 'M', 'Chalk', 'Essential Organic Tee');
const otherTee = line('tee', 'L', 'Chalk', 'Essential Organic Tee');
const orderedCoat = line('coat', 'M', 'Camel', 'Tailored Wool Coat');
const scarf = line('scarf', 'One Size', 'Camel', 'Wool Scarf');
const CART = [orderedTee, otherTee, orderedCoat, scarf];

type Answer = { status: number; body: unknown };
type AnswerSource = Answer | (() => Answer);

/**
 * Answers POST /orders/from-session and GET /orders/{id} in turn (the last answer repeats; a
 * function is asked at request time).
 */
function stubOrders(answers: { fromSession?: AnswerSource[]; byId?: AnswerSource[] }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const next = (list: AnswerSource[] | undefined) => {
    const source = list && list.length > 1 ? list.shift() : list?.[0];
    return typeof source === 'function' ? source() : source;
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = apiRequestUrl(input);
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer =
        method === 'POST' && url.pathname === '/orders/from-session'
          ? next(answers.fromSession)
          : method === 'GET' && url.pathname.startsWith('/orders/')
            ? next(answers.byId)
            : undefined;
      const { status, body } = answer ?? { status: 404, body: { error: 'NOT_FOUND', message: 'no stub' } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const ok = (order: OrderDto): Answer => ({ status: 200, body: order });

function renderConfirmation(props: OrderConfirmationProps) {
  return renderWithProviders(<OrderConfirmation {...props} />);
}

const text = (element: Element): string => element.textContent!.replace(/\s+/g, ' ').trim();

/** A labelled value in a section: the dd beside the dt with this label. */
function valueOf(sectionName: string, label: string): string {
  const section = screen.getByRole('region', { name: sectionName });
  const term = within(section).getByText(label, { selector: 'dt' });
  return text(term.parentElement!.querySelector('dd')!);
}

const statusText = () => text(screen.getByRole('status'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

setUpTestRuntime({ cart: CART });
afterEach(() => localStorage.removeItem('linea-confirmed-orders'));

describe('OrderConfirmation', () => {
  it('creates the order from a payment session id and shows everything about it', async () => {
    const calls = stubOrders({ fromSession: [ok(orderFixture())] });
    renderConfirmation({ orderId: 'cs_test_a1B2' });

    expect(screen.getByRole('status').textContent).toBe('Confirming your order...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/orders/from-session', body: { sessionId: 'cs_test_a1B2' } }]);
    expect(statusText()).toBe('Your payment was received and your order is confirmed.');

    expect(valueOf('Order Details', 'Order number')).toBe('1234EFGH');
    expect(valueOf('Order Details', 'Date')).toBe('15 January 2024');
    expect(valueOf('Order Details', 'Status')).toBe('Confirmed');

    const items = within(screen.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem');
    expect(items.map(text)).toEqual([
      'Essential Organic TeeSizeMColorChalkQuantity2Total CHF 98.00',
      'Tailored Wool CoatSizeMColorCamelQuantity1Total CHF 590.00',
    ]);

    expect(valueOf('Customer Information', 'Name')).toBe('Anna Muster');
    expect(valueOf('Customer Information', 'Email')).toBe('anna@example.ch');
    const address = within(screen.getByRole('region', { name: 'Shipping Address' }))
      .getAllByText(/./, { selector: 'address > span' })
      .map(text);
    expect(address).toEqual(['Anna Muster', 'Bahnhofstrasse 1', '8001 Zürich', 'Switzerland']);

    expect(valueOf('Order Summary', 'Subtotal')).toBe('CHF 688.00');
    expect(valueOf('Order Summary', 'Shipping')).toBe('CHF 7.00');
    expect(valueOf('Order Summary', 'Discount (SAVE10)')).toBe('−CHF 68.80');
    expect(valueOf('Order Summary', 'Total')).toBe('CHF 626.20');
    expect(valueOf('Order Summary', 'incl. VAT (8.1%)')).toBe('CHF 46.92');

    const next = within(screen.getByRole('region', { name: 'What Happens Next' }))
      .getAllByRole('listitem')
      .map(text);
    expect(next).toEqual([
      'We pack your order with care and dispatch it within 1–2 business days.',
      'An order confirmation is on its way to anna@example.ch.',
      'As soon as your parcel is on its way, you will receive its tracking number by email.',
    ]);

    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual([
      'H1',
      'H2',
      'H2',
      'H2',
      'H2',
      'H2',
      'H2',
    ]);
    expect(document.body.textContent).not.toContain('$');
  });

  it('loads an order by its id with GET /orders/{id}', async () => {
    const calls = stubOrders({ byId: [ok(orderFixture({ discount: 0, promo: undefined, total: 69500, vat: 5208 }))] });
    renderConfirmation({ orderId: 'ord_01hx9abcd1234efgh' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /orders/ord_01hx9abcd1234efgh']);
    expect(valueOf('Order Summary', 'Total')).toBe('CHF 695.00');
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).queryByText(/Discount/)).toBeNull();
  });

  it("removes the paid order's lines (same product, size and colour) from the cart, once per order", async () => {
    stubOrders({ fromSession: [ok(orderFixture())] });
    const onPaid = vi.fn();
    const first = renderConfirmation({ orderId: 'cs_test_a1', onPaid });

    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' });
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([otherTee, scarf]));
    expect(onPaid).toHaveBeenCalledTimes(1);
    first.unmount();

    // The shopper adds the same tee again, then comes back to the confirmation.
    useCartStore.getState().add({ ...orderedTee });
    renderConfirmation({ orderId: 'cs_test_a1', onPaid });
    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' });
    await sleep(20);
    expect(useCartStore.getState().lines.map((item) => [item.id, item.size, item.color])).toEqual([
      ['tee', 'L', 'Chalk'],
      ['scarf', 'One Size', 'Camel'],
      ['tee', 'M', 'Chalk'],
    ]);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('says a pending payment is processing, polls until it is confirmed, and only then empties the cart of it', async () => {
    let paid = false;
    const calls = stubOrders({
      fromSession: [() => ok(orderFixture({ status: paid ? 'confirmed' : 'pending' }))],
    });
    renderConfirmation({ orderId: 'cs_test_async', polling: { intervalMs: 40 } });

    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' });
    expect(statusText()).toBe('Your payment is being processed. This page updates automatically.');
    expect(valueOf('Order Details', 'Status')).toBe('Pending');
    expect(screen.getByText('We will email anna@example.ch as soon as your payment is confirmed.')).toBeTruthy();

    // It keeps asking, and the cart stays as it is while the payment is pending.
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
    expect(useCartStore.getState().lines).toEqual(CART);
    expect(statusText()).toBe('Your payment is being processed. This page updates automatically.');

    paid = true;
    await waitFor(() => expect(statusText()).toBe('Your payment was received and your order is confirmed.'));
    expect(valueOf('Order Details', 'Status')).toBe('Confirmed');
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([otherTee, scarf]));
    expect(calls.every((call) => call.path === '/orders/from-session')).toBe(true);

    // Once confirmed, no more requests.
    const count = calls.length;
    await sleep(150);
    expect(calls.length).toBe(count);
  });

  it('stops polling after the time limit and lets the shopper check again', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubOrders({ byId: [ok(orderFixture({ status: 'pending' }))] });
    renderConfirmation({ orderId: 'ord_1', polling: { intervalMs: 20, timeoutMs: 300 } });

    await waitFor(() =>
      expect(statusText()).toBe('Your payment is still being processed. We will email you as soon as it is confirmed.'),
    );
    expect(calls.length).toBeGreaterThanOrEqual(2);
    // A request already under way may still finish; after that, silence.
    await sleep(100);
    const count = calls.length;
    await sleep(200);
    expect(calls.length).toBe(count);

    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(statusText()).toBe('Your payment is being processed. This page updates automatically.');
    await waitFor(() => expect(calls.length).toBeGreaterThan(count));
    expect(useCartStore.getState().lines).toEqual(CART);
  });

  it('says the payment did not go through for a cancelled order, links back to checkout and keeps the cart', async () => {
    stubOrders({ fromSession: [ok(orderFixture({ status: 'cancelled' }))] });
    const onPaid = vi.fn();
    renderConfirmation({ orderId: 'cs_test_failed', onPaid });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Payment Did Not Go Through' })).toBeTruthy();
    expect(statusText()).toBe(
      'The payment for this order was not completed, so the order has been cancelled. Your cart is unchanged, so you can try again.',
    );
    expect(screen.getByRole('link', { name: 'Return to Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(valueOf('Order Details', 'Status')).toBe('Cancelled');
    expect(screen.queryByRole('heading', { name: 'What Happens Next' })).toBeNull();
    await sleep(20);
    expect(useCartStore.getState().lines).toEqual(CART);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows 'Order Not Found' with a way home for an unknown order", async () => {
    stubOrders({ byId: [{ status: 404, body: { error: 'NOT_FOUND', message: 'order x not found' } }] });
    renderConfirmation({ orderId: 'ord_unknown' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Order not found');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(useCartStore.getState().lines).toEqual(CART);
  });

  it('says why an order could not be created from the session or loaded', async () => {
    stubOrders({
      fromSession: [{ status: 500, body: { error: 'INTERNAL', message: 'stack trace' } }],
      byId: [{ status: 500, body: { error: 'INTERNAL', message: 'stack trace' } }],
    });
    const first = renderConfirmation({ orderId: 'cs_test_broken' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to create order: Something went wrong. Please try again later.',
    );
    first.unmount();

    renderConfirmation({ orderId: 'ord_broken' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load order details');
  });

  it("says 'Order ID not provided' without asking the server", () => {
    const calls = stubOrders({});
    renderConfirmation({ orderId: '' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Order ID not provided');
    expect(calls).toEqual([]);
  });

  it('renders in German with a Swiss date and a translated status', async () => {
    await i18next.changeLanguage('de');
    stubOrders({ byId: [ok(orderFixture({ status: 'shipped' }))] });
    renderConfirmation({ orderId: 'ord_1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihren Einkauf!' })).toBeTruthy();
    expect(valueOf('Bestelldetails', 'Datum')).toBe('15. Januar 2024');
    expect(valueOf('Bestelldetails', 'Status')).toBe('Versandt');
    expect(valueOf('Bestellübersicht', 'Rabatt (SAVE10)')).toBe('−CHF 68.80');
    expect(screen.getByText('Schweiz')).toBeTruthy();
    expect(
      screen.getByText('Wir verpacken Ihre Bestellung sorgfältig und versenden sie innert 1–2 Werktagen.'),
    ).toBeTruthy();
  });
});
