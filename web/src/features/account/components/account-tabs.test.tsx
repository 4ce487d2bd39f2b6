import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { setLocale } from '../../../i18n/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { apiRequestUrl, jsonFetch, orderFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import { AccountTabs } from './account-tabs';

vi.mock('../../../lib/auth/amplify-auth', () => ({
  configureAmplify: vi.fn(),
  currentIdToken: vi.fn(async () => 'id-token'),
  signInWithPassword: vi.fn(),
  signUpWithPassword: vi.fn(),
  signOutOfSession: vi.fn(),
}));

/** Lazy chunks (the toaster) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };
const me = { userId: 'u-1', email: 'lea@example.ch', firstName: 'Lea', lastName: 'Meier', isAdmin: false };
const home = {
  id: 'a-1',
  firstName: 'Lea',
  lastName: 'Meier',
  address: 'Seestrasse 4',
  city: 'Luzern',
  zipCode: '6004',
  country: 'CH',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00Z',
};

function stubApi(routes: Parameters<typeof jsonFetch>[0]) {
  const fetch = vi.fn(jsonFetch(routes));
  vi.stubGlobal('fetch', fetch);
  const sent = (key: string) =>
    fetch.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${apiRequestUrl(input).pathname}` === key)
      .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
  return { fetch, sent };
}

function renderTabs(path = '/dashboard') {
  return renderWithProviders(
    <>
      <AccountTabs />
      <ToastOutlet />
    </>,
    { path },
  );
}

setUpTestRuntime({ session: 'signedIn' });
beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => setLocale('en'));

describe('the account tabs', () => {
  it('opens Orders by default, keeps the chosen tab in the URL, and opens the tab a link names', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /orders': { body: { items: [] } }, 'GET /addresses': { body: { items: [] } } });
    const { router } = renderTabs();

    expect(screen.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Addresses' }));
    expect(router.state.location.search).toBe('?tab=addresses');
    expect(await screen.findByRole('heading', { name: 'Saved addresses' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(router.state.location.search).toBe('');
  });

  it('lists orders with number, status, items, the CHF total, a link to the order and the tracking link', async () => {
    stubApi({
      'GET /orders': {
        body: {
          items: [
            orderFixture({
              status: 'shipped',
              carrier: 'Swiss Post',
              trackingNumber: '99.00.1',
              trackingUrl: 'https://service.post.ch/track?c=99.00.1',
            }),
          ],
        },
      },
    });
    renderTabs();

    const order = await screen.findByRole('article', { name: 'Order 1234EFGH' });
    expect(within(order).getByText('Shipped')).toBeTruthy();
    expect(within(order).getByText('Essential Organic Tee')).toBeTruthy();
    expect(within(order).getByText(/CHF\s*626\.20/)).toBeTruthy();
    expect(within(order).queryByText(/\$/)).toBeNull();
    expect(within(order).getByRole('link', { name: 'View order 1234EFGH' }).getAttribute('href')).toBe(
      '/order-confirmation/ord_01hx9abcd1234efgh',
    );
    expect(within(order).getByText('Swiss Post')).toBeTruthy();
    expect(within(order).getByText('99.00.1')).toBeTruthy();
    const track = within(order).getByRole('link', { name: 'Track parcel with Swiss Post (opens in a new tab)' });
    expect(track.getAttribute('href')).toBe('https://service.post.ch/track?c=99.00.1');
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toEqual(expect.stringContaining('noopener'));
  });

  it('loads older orders on "Load more orders" with the cursor of the page before, until there are none', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const cursor = apiRequestUrl(input).searchParams.get('cursor');
      const body = cursor
        ? { items: [orderFixture({ id: 'ord_2', number: 'OLDER002' })] }
        : { items: [orderFixture({ id: 'ord_1', number: 'NEWER001' })], nextCursor: 'page-2' };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    renderTabs();

    await screen.findByRole('article', { name: 'Order NEWER001' });
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    await screen.findByRole('article', { name: 'Order OLDER002' });
    expect(apiRequestUrl(fetch.mock.calls[1]![0]).searchParams.get('cursor')).toBe('page-2');
    const numbers = screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));
    expect(numbers).toEqual(['order-ord_1', 'order-ord_2']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('says there are no orders yet and leads to the products', async () => {
    stubApi({ 'GET /orders': { body: { items: [] } } });
    renderTabs();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
  });

  it('checks a new address as the server does, then saves it and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = stubApi({
      'GET /addresses': { body: { items: [] } },
      'POST /addresses': { status: 201, body: home },
    });
    renderTabs('/dashboard?tab=addresses');

    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    await user.type(screen.getByLabelText('First Name'), 'Lea');
    await user.type(screen.getByLabelText('Last Name'), 'Meier');
    await user.type(screen.getByLabelText('Address'), 'Seestrasse 4');
    await user.type(screen.getByLabelText('ZIP Code'), '604');
    await user.type(screen.getByLabelText('City'), 'Luzern');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Please enter a four-digit Swiss postal code.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('ZIP Code'));
    expect(sent('POST /addresses')).toEqual([]);

    await user.clear(screen.getByLabelText('ZIP Code'));
    await user.type(screen.getByLabelText('ZIP Code'), '6004');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(sent('POST /addresses')).toEqual([
        {
          firstName: 'Lea',
          lastName: 'Meier',
          address: 'Seestrasse 4',
          zipCode: '6004',
          city: 'Luzern',
          country: 'CH',
          isDefault: false,
        },
      ]),
    );
    expect((await screen.findAllByText('Address added successfully', {}, LAZY)).length).toBeGreaterThan(0);
  }, 15_000);

  it('offers "Use as my default address" only once there is an address to be the default', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /addresses': { body: { items: [] } } });
    renderTabs('/dashboard?tab=addresses');

    expect(await screen.findByText('No saved addresses yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(screen.getByRole('form', { name: 'New address' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Use as my default address' })).toBeNull();
  });

  it('edits an address and makes another the default, saying so, and says when that fails', async () => {
    const user = userEvent.setup({ delay: null });
    const office = {
      ...home,
      id: 'a-2',
      address: 'Bahnhofstrasse 1',
      zipCode: '8001',
      city: 'Zürich',
      isDefault: false,
    };
    const { sent } = stubApi({
      'GET /addresses': { body: { items: [home, office] } },
      'PATCH /addresses/a-1': { body: { ...home, city: 'Kriens', zipCode: '6010' } },
      'PATCH /addresses/a-2': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
    });
    renderTabs('/dashboard?tab=addresses');

    await user.click(await screen.findByRole('button', { name: 'Edit the address Seestrasse 4, 6004 Luzern' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    await user.clear(within(form).getByLabelText('ZIP Code'));
    await user.type(within(form).getByLabelText('ZIP Code'), '6010');
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Kriens');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(sent('PATCH /addresses/a-1')).toEqual([
        {
          firstName: 'Lea',
          lastName: 'Meier',
          address: 'Seestrasse 4',
          zipCode: '6010',
          city: 'Kriens',
          country: 'CH',
        },
      ]),
    );
    expect((await screen.findAllByText('Address updated', {}, LAZY)).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Set Bahnhofstrasse 1, 8001 Zürich as the default address' }));
    await waitFor(() => expect(sent('PATCH /addresses/a-2')).toEqual([{ isDefault: true }]));
    expect((await screen.findAllByText('Error changing the default address', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please try again.').length).toBeGreaterThan(0);
  }, 15_000);

  it("says 'Error deleting address' with 'Please try again.' when a delete fails, keeping the address", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /addresses': { body: { items: [home] } },
      'DELETE /addresses/a-1': { status: 500, body: { error: 'INTERNAL', message: 'boom' } },
    });
    renderTabs('/dashboard?tab=addresses');

    await user.click(await screen.findByRole('button', { name: 'Delete the address Seestrasse 4, 6004 Luzern' }));
    expect((await screen.findAllByText('Error deleting address', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please try again.').length).toBeGreaterThan(0);
    expect(screen.getByText('Default')).toBeTruthy();
  });

  it('saves the email language as soon as it is chosen, in German too', async () => {
    const user = userEvent.setup({ delay: null });
    await setLocale('de');
    const { sent } = stubApi({
      'GET /me': { body: me },
      'GET /me/profile': { body: { emailLanguage: 'en' } },
      'PUT /me/profile': { body: { emailLanguage: 'de' } },
    });
    renderTabs('/dashboard?tab=profile');

    expect(await screen.findByText('lea@example.ch')).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Sprache unserer E-Mails' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true));
    await user.click(within(group).getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(sent('PUT /me/profile')).toEqual([{ emailLanguage: 'de' }]));
    expect((await screen.findAllByText('E-Mail-Sprache gespeichert', {}, LAZY)).length).toBeGreaterThan(0);
  });
});
