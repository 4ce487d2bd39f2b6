import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { useCartStore } from '../../../stores/cart-store';
import { useToastStore } from '../../../stores/toast-store';
import { apiRequestUrl, coatLine, teeLine } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import { CheckoutView, type CheckoutViewProps } from './checkout-view';

vi.mock('../lib/redirect-to-payment', () => ({ redirectToPayment: vi.fn() }));
const { redirectToPayment } = await import('../lib/redirect-to-payment');

type Answer = { status: number; body?: unknown } | Promise<Response> | 'network-error';
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch stand-in answering by "METHOD path" and recording what was sent. */
function stubApi(routes: Record<string, Answer | Answer[]>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = apiRequestUrl(input);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = routes[key];
    const answer = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    if (answer === undefined) return json(404, { error: 'NOT_FOUND', message: `no stub for ${key}` });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer instanceof Promise) return answer;
    return json(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderCheckout(props: CheckoutViewProps = {}) {
  return renderWithProviders(
    <>
      <CheckoutView {...props} />
      <ToastOutlet />
    </>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: /^(Continue to Payment|Processing\.\.\.)$/ });

/** Text as read, with Intl's no-break spaces as plain ones. */
const text = (element: Element): string => element.textContent!.replace(/\s+/g, ' ').trim();

function summaryRow(label: string): string {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  const term = within(summary).getByText(label, { selector: 'dt, dt > span' });
  return text(term.closest('div')!.querySelector('dd')!);
}

/** A node's own text, as Testing Library matches it (not its children's). */
const ownText = (element: Element): string =>
  [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('')
    .trim();

/** Every row of the totals, label to amount, in order. */
function summaryRows(): Record<string, string> {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  return Object.fromEntries(
    [...summary.querySelectorAll('dl.checkout-totals > div')].map((row) => {
      const term = row.querySelector('dt')!;
      return [ownText(term) || ownText(term.querySelector('span')!), text(row.querySelector('dd')!)];
    }),
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, overrides: { zipCode?: string; email?: string } = {}) {
  await user.type(field('Email'), overrides.email ?? 'anna@example.ch');
  await user.type(field('First Name'), 'Anna');
  await user.type(field('Last Name'), 'Muster');
  await user.type(field('Address'), 'Bahnhofstrasse 1');
  await user.type(field('ZIP Code'), overrides.zipCode ?? '8001');
  await user.type(field('City'), 'Zürich');
}

async function applyPromo(user: ReturnType<typeof userEvent.setup>, code: string) {
  const input = field('Promo code');
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

/** The toast's title and description, once the lazily loaded toaster shows it. */
async function toastWith(title: string, description: string) {
  const titleElement = await screen.findByText(title, { selector: '.toast-title' });
  const toast = titleElement.closest('.toast')!;
  expect(text(toast.querySelector('.toast-description')!)).toBe(description);
}

const EXPECTED_CUSTOMER = {
  email: 'anna@example.ch',
  firstName: 'Anna',
  lastName: 'Muster',
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  zipCode: '8001',
  country: 'CH',
};
const EXPECTED_LINES = [
  { productId: 'tee', size: 'M', color: 'Chalk', quantity: 2 },
  { productId: 'coat', size: 'M', color: 'Camel', quantity: 1 },
];

setUpTestRuntime({ cart: [teeLine, coatLine] });
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.mocked(redirectToPayment).mockReset();
});

describe('CheckoutView', () => {
  it('shows an empty state with a link to the products instead of the form', () => {
    useCartStore.setState({ lines: [] });
    renderCheckout();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });

  it('lists each line with size, colour, quantity and line total, and sums up in CHF with the flat shipping', () => {
    renderCheckout();
    const items = within(screen.getByRole('list', { name: 'Items in your order' })).getAllByRole('listitem');
    expect(items.map(text)).toEqual([
      'Essential Organic TeeSizeMColorChalkQuantity2Total CHF 98.00',
      'Tailored Wool CoatSizeMColorCamelQuantity1Total CHF 590.00',
    ]);
    expect(summaryRows()).toEqual({
      Subtotal: 'CHF 688.00',
      Shipping: 'CHF 7.00',
      Total: 'CHF 695.00',
      'incl. VAT (8.1%)': 'CHF 52.08',
    });
    expect(screen.getByRole('group', { name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Shipping Address' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('$');
  });

  it('offers Switzerland as the only country', () => {
    renderCheckout();
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('CH');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Switzerland']);
  });

  it('requires every field: marks each one invalid with a described message, focuses the first and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = stubApi({});
    renderCheckout();
    await user.type(field('City'), 'Bern');
    await user.click(continueButton());

    expect(text(screen.getByRole('alert'))).toBe('Please fill in all required fields');
    for (const label of ['Email', 'First Name', 'Last Name', 'Address', 'ZIP Code']) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const description = document.getElementById(input.getAttribute('aria-describedby')!);
      expect(description?.textContent, label).toBe('This field is required.');
    }
    expect(field('City').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Email'));
    expect(fetch).not.toHaveBeenCalled();

    // Typing into a field clears its own error.
    await user.type(field('Email'), 'a');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('accepts only a four-digit Swiss postal code and a valid email address', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = stubApi({});
    renderCheckout();
    await fillIn(user, { zipCode: '123', email: 'anna@' });
    await user.click(continueButton());

    expect(text(screen.getByRole('alert'))).toBe('Please check the highlighted fields.');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(document.getElementById(field('ZIP Code').getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a four-digit Swiss postal code.',
    );
    expect(document.activeElement).toBe(field('Email'));

    await user.clear(field('Email'));
    await user.type(field('Email'), 'anna@example.ch');
    await user.clear(field('ZIP Code'));
    await user.type(field('ZIP Code'), '0800'); // Swiss codes start at 1000
    await user.click(continueButton());
    expect(field('ZIP Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('ZIP Code'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('applies a percentage code upper-cased and shows the saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
    });
    renderCheckout();
    await applyPromo(user, ' save10 ');

    await toastWith('Promo code applied!', 'You saved 10% on your order.');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /promo-codes/SAVE10']);
    expect(summaryRows()).toEqual({
      Subtotal: 'CHF 688.00',
      Shipping: 'CHF 7.00',
      'Discount (SAVE10)': '−CHF 68.80',
      Total: 'CHF 626.20',
      'incl. VAT (8.1%)': 'CHF 46.92',
    });
    expect(field('Promo code').value).toBe('');
  });

  it('applies an amount code and says how many francs it saves', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /promo-codes/WELCOME20': { status: 200, body: { code: 'WELCOME20', type: 'amount', amount: 2000 } },
    });
    renderCheckout();
    await applyPromo(user, 'welcome20');

    await toastWith('Promo code applied!', 'You saved 20 CHF on your order.');
    expect(summaryRow('Discount (WELCOME20)')).toBe('−CHF 20.00');
    expect(summaryRow('Total')).toBe('CHF 675.00');
    expect(summaryRow('incl. VAT (8.1%)')).toBe('CHF 50.58');
  });

  it('applies a free-shipping code: shipping becomes CHF 0.00', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /promo-codes/FREESHIP': { status: 200, body: { code: 'FREESHIP', type: 'free_shipping' } } });
    renderCheckout();
    await applyPromo(user, 'FreeShip');

    await toastWith('Promo code applied!', 'Free shipping applied to your order!');
    expect(summaryRows()).toEqual({
      Subtotal: 'CHF 688.00',
      Shipping: 'CHF 0.00',
      'Discount (FREESHIP)': 'Free shipping',
      Total: 'CHF 688.00',
      'incl. VAT (8.1%)': 'CHF 51.55',
    });
  });

  it('removes an applied code and returns focus to the promo field', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
    });
    renderCheckout();
    await applyPromo(user, 'save10');
    await user.click(await screen.findByRole('button', { name: 'Remove promo code SAVE10' }));

    expect(screen.queryByText('Discount (SAVE10)')).toBeNull();
    expect(summaryRow('Total')).toBe('CHF 695.00');
    expect(document.activeElement).toBe(field('Promo code'));
  });

  it("says 'Invalid promo code' for an unknown code and keeps the code already applied", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
      'GET /promo-codes/NOPE': {
        status: 404,
        body: { error: 'PROMO_INVALID', message: 'The promo code is not valid' },
      },
    });
    renderCheckout();
    await applyPromo(user, 'save10');
    await screen.findByText('Discount (SAVE10)');
    useToastStore.setState({ toasts: [] });

    await applyPromo(user, 'nope');
    await toastWith('Invalid promo code', 'The promo code is not valid or has expired.');
    expect(summaryRow('Discount (SAVE10)')).toBe('−CHF 68.80');
    expect(summaryRow('Total')).toBe('CHF 626.20');
    expect(field('Promo code').value).toBe('nope');
  });

  it("says 'Failed to apply promo code.' when the lookup fails, and changes nothing", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /promo-codes/SAVE10': { status: 500, body: { error: 'INTERNAL', message: 'boom' } } });
    renderCheckout();
    await applyPromo(user, 'save10');

    await toastWith('Error', 'Failed to apply promo code.');
    expect(screen.queryByText(/^Discount/)).toBeNull();
    expect(summaryRow('Total')).toBe('CHF 695.00');
  });

  it('sends lines, customer, promo code and language (no prices), goes to the payment page and keeps the cart', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
      'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/cs_test_1' } },
    });
    renderCheckout();
    await fillIn(user);
    await applyPromo(user, 'save10');
    await screen.findByText('Discount (SAVE10)');
    await user.click(continueButton());

    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('https://pay.example/cs_test_1'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/checkout');
    expect(posts[0]!.body).toEqual({
      lines: EXPECTED_LINES,
      customer: EXPECTED_CUSTOMER,
      promoCode: 'SAVE10',
      locale: 'en',
    });
    expect(JSON.stringify(posts[0]!.body)).not.toMatch(/price|total|subtotal/i);
    expect(useCartStore.getState().lines).toEqual([teeLine, coatLine]);
  });

  it('leaves the promo code out when none is applied', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/x' } },
    });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ lines: EXPECTED_LINES, customer: EXPECTED_CUSTOMER, locale: 'en' });
  });

  it("shows 'Processing...' while the payment session is created and never submits twice", async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { calls } = stubApi({ 'POST /checkout': pending });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());

    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    answer(json(201, { orderId: 'ord-1', url: 'https://pay.example/cs_test_1' }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledTimes(1));
    // Still busy while the browser leaves for the payment page.
    expect(continueButton().textContent).toBe('Processing...');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('names the items that are out of stock, with how many are left, and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'POST /checkout': {
        status: 409,
        body: {
          error: 'OUT_OF_STOCK',
          message: 'Not enough stock for some items',
          details: {
            lines: [
              { productId: 'tee', size: 'M', color: 'Chalk', requested: 2, available: 1 },
              { productId: 'coat', size: 'M', color: 'Camel', requested: 1, available: 0 },
            ],
          },
        },
      },
    });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Some items are no longer available')).toBeTruthy();
    expect(within(alert).getAllByRole('listitem').map(text)).toEqual([
      'Essential Organic Tee (M, Chalk): only 1 left (you chose 2)',
      'Tailored Wool Coat (M, Camel): sold out',
    ]);
    expect(within(alert).getByRole('link', { name: 'Edit Cart' }).getAttribute('href')).toBe('/cart');
    expect(field('Email').value).toBe('anna@example.ch');
    expect(field('Address').value).toBe('Bahnhofstrasse 1');
    expect(field('ZIP Code').value).toBe('8001');
    expect(continueButton().textContent).toBe('Continue to Payment');
    expect(redirectToPayment).not.toHaveBeenCalled();
    expect(useCartStore.getState().lines).toEqual([teeLine, coatLine]);
  });

  it("says 'Error creating payment session' when the payment provider fails, and keeps the form", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'POST /checkout': [
        { status: 502, body: { error: 'PAYMENT_SESSION_FAILED', message: 'Error creating payment session' } },
        { status: 201, body: { orderId: 'ord-2', url: 'https://pay.example/cs_test_2' } },
      ],
    });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());

    await toastWith('Error creating payment session', 'Please try again or contact support.');
    const alert = screen.getByRole('alert');
    expect(text(alert)).toContain('Error creating payment session');
    expect(text(alert)).toContain('Please try again or contact support.');
    expect(field('First Name').value).toBe('Anna');
    expect(field('City').value).toBe('Zürich');

    // And the shopper can simply try again.
    await user.click(continueButton());
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('https://pay.example/cs_test_2'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it("says 'No checkout URL received from payment service' when the answer has no payment page", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'POST /checkout': { status: 201, body: { orderId: 'ord-1' } } });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());

    await toastWith('Error creating payment session', 'Please try again or contact support.');
    expect(text(screen.getByRole('alert'))).toContain('No checkout URL received from payment service');
    expect(redirectToPayment).not.toHaveBeenCalled();
  });

  it('puts the fields the server rejected back onto the form', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'POST /checkout': {
        status: 400,
        body: {
          error: 'VALIDATION',
          message: 'Invalid request',
          details: { fields: [{ field: 'customer.zipCode', message: 'A Swiss postal code has four digits' }] },
        },
      },
    });
    renderCheckout();
    await fillIn(user, { zipCode: '9999' });
    await user.click(continueButton());

    await waitFor(() => expect(field('ZIP Code').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field('ZIP Code').getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a four-digit Swiss postal code.',
    );
    expect(document.activeElement).toBe(field('ZIP Code'));
    expect(text(screen.getByRole('alert'))).toBe('Please check the highlighted fields.');
    expect(screen.queryByText('A Swiss postal code has four digits')).toBeNull();
  });

  it('explains a rate limit and a lost connection in its own words', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'POST /checkout': [
        { status: 429, body: { error: 'RATE_LIMITED', message: 'Too many requests' } },
        'network-error',
      ],
    });
    renderCheckout();
    await fillIn(user);
    await user.click(continueButton());

    expect(text(await screen.findByRole('alert'))).toBe(
      'Your order was not placed' +
        'Too many requests. Please wait a moment and try again.' +
        'Everything you entered is still here.',
    );
    await user.click(continueButton());
    await waitFor(() =>
      expect(text(screen.getByRole('alert'))).toContain(
        'We could not reach the shop. Please check your connection and try again.',
      ),
    );
    expect(field('Last Name').value).toBe('Muster');
  });

  it('takes off a promo code the server no longer accepts and says so', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
      'POST /checkout': { status: 404, body: { error: 'PROMO_INVALID', message: 'expired' } },
    });
    renderCheckout();
    await fillIn(user);
    await applyPromo(user, 'save10');
    await screen.findByText('Discount (SAVE10)');
    await user.click(continueButton());

    expect(text(await screen.findByRole('alert'))).toContain(
      'The promo code SAVE10 is no longer valid and has been removed. Please check your total and continue.',
    );
    expect(screen.queryByText('Discount (SAVE10)')).toBeNull();
    expect(summaryRow('Total')).toBe('CHF 695.00');
  });

  it('notes a cancelled payment, leaves the cart as it was and brings back what was typed before', async () => {
    const user = userEvent.setup({ delay: null });
    let released: (response: Response) => void = () => {};
    const abandon = new Promise<Response>((resolve) => (released = resolve));
    const { calls } = stubApi({
      'GET /promo-codes/SAVE10': { status: 200, body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
      'POST /checkout': {
        status: 201,
        body: { orderId: 'ord-1', sessionId: 'cs_test_1', url: 'https://pay.example/cs_test_1' },
      },
      'POST /checkout/abandon': abandon,
    });
    const first = renderCheckout();
    await fillIn(user);
    await applyPromo(user, 'save10');
    await screen.findByText('Discount (SAVE10)');
    await user.click(continueButton());
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledTimes(1));
    first.unmount();

    // Back from the payment page's Cancel: /checkout?cancelled=1, a fresh page.
    renderCheckout({ cancelled: true });
    const note = screen.getByText('Payment cancelled').parentElement!;
    expect(note.getAttribute('role')).toBe('status');
    expect(text(note)).toBe(
      'Payment cancelled' + 'Your cart is unchanged, so you can continue whenever you are ready.',
    );
    expect(useCartStore.getState().lines).toEqual([teeLine, coatLine]);
    expect(field('Email').value).toBe('anna@example.ch');
    expect(field('Address').value).toBe('Bahnhofstrasse 1');
    expect(summaryRow('Discount (SAVE10)')).toBe('−CHF 68.80');

    // The abandoned session is released, and a new checkout waits until it is.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/checkout/abandon')).toEqual([
        { method: 'POST', path: '/checkout/abandon', body: { sessionId: 'cs_test_1' } },
      ]),
    );
    await user.click(continueButton());
    expect(continueButton().textContent).toBe('Processing...');
    expect(calls.filter((call) => call.path === '/checkout')).toHaveLength(1);
    released(json(200, {}));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledTimes(2));
    expect(calls.map((call) => `${call.method} ${call.path}`).slice(-2)).toEqual([
      'POST /checkout/abandon',
      'POST /checkout',
    ]);
  });

  it('abandons a cancelled payment session only once', async () => {
    sessionStorage.setItem(
      'linea-checkout-draft',
      JSON.stringify({ values: { email: 'anna@example.ch' }, sessionId: 'cs_test_9' }),
    );
    const { calls } = stubApi({ 'POST /checkout/abandon': { status: 200, body: {} } });
    const first = renderCheckout({ cancelled: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    first.unmount();
    renderCheckout({ cancelled: true }); // a reload of the same URL
    expect(field('Email').value).toBe('anna@example.ch');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([{ method: 'POST', path: '/checkout/abandon', body: { sessionId: 'cs_test_9' } }]);
  });

  it('does not abandon the payment session without a cancel', async () => {
    sessionStorage.setItem('linea-checkout-draft', JSON.stringify({ values: {}, sessionId: 'cs_test_9' }));
    const { calls } = stubApi({});
    renderCheckout();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('shows no cancelled note on a normal visit', () => {
    renderCheckout();
    expect(screen.queryByText('Payment cancelled')).toBeNull();
  });

  it('fills the email and name from the account without overwriting what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    /** The account's details arrive after the page has opened, as GET /me does. */
    function WithLateAccount() {
      const [prefill, setPrefill] = useState<CheckoutViewProps['prefill']>();
      return (
        <>
          <button
            type="button"
            onClick={() => setPrefill({ email: 'anna@example.ch', firstName: 'Anna', lastName: 'Muster' })}
          >
            account loaded
          </button>
          <CheckoutView prefill={prefill} />
        </>
      );
    }
    renderWithProviders(<WithLateAccount />);
    await user.type(field('First Name'), 'Annina');
    await user.click(screen.getByRole('button', { name: 'account loaded' }));

    await waitFor(() => expect(field('Email').value).toBe('anna@example.ch'));
    expect(field('First Name').value).toBe('Annina');
    expect(field('Last Name').value).toBe('Muster');
    expect(field('Address').value).toBe('');
  });
});
