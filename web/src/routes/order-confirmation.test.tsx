import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { jsonFetch, orderFixture } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { setUpTestRuntime } from '../testing/runtime';

/** Each page is a lazy chunk; on a busy machine its first import can take more than a second. */
const LAZY = { timeout: 5000 };

const order = orderFixture();

setUpTestRuntime();
beforeEach(() => useSessionStore.setState({ status: 'signedOut', confirmed: true }));

describe('/order-confirmation', () => {
  it('shows the order behind a payment session, once, with a noindex page title', async () => {
    const fetch = vi.fn(jsonFetch({ 'POST /orders/from-session': { body: order } }));
    vi.stubGlobal('fetch', fetch);
    renderApp('/order-confirmation/cs_test_a1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' }, LAZY)).toBeTruthy();
    expect(screen.getByText('1234EFGH')).toBeTruthy();
    // The router's prefetch and the page share one request.
    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.title).toBe('Order Confirmation · LINEA'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('drops the checkout details kept for a retry once the order is paid', async () => {
    sessionStorage.setItem('linea-checkout-draft', JSON.stringify({ values: { email: 'anna@example.ch' } }));
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /orders/ord_01hx9abcd1234efgh': { body: order } })));
    renderApp('/order-confirmation/ord_01hx9abcd1234efgh');

    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' }, LAZY);
    await waitFor(() => expect(sessionStorage.getItem('linea-checkout-draft')).toBeNull());
  });

  it("says 'Order ID not provided' for the bare path", async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderApp('/order-confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Order ID not provided')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
