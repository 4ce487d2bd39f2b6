import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { apiRequestUrl, jsonFetch, productFixture, teeLine } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { setUpTestRuntime } from '../testing/runtime';
import { CheckoutRoute } from './checkout';

/** Records whether anything pulled in the Amplify-backed auth module. */
const amplify = vi.hoisted(() => ({ loaded: false }));
vi.mock('../lib/auth/amplify-auth', () => {
  amplify.loaded = true;
  return {
    configureAmplify: vi.fn(),
    currentIdToken: vi.fn(async () => undefined),
    signInWithPassword: vi.fn(),
    signUpWithPassword: vi.fn(),
    signOutOfSession: vi.fn(),
  };
});
vi.mock('../features/checkout/lib/redirect-to-payment', () => ({ redirectToPayment: vi.fn() }));
const { redirectToPayment } = await import('../features/checkout/lib/redirect-to-payment');

const me = { userId: 'u-1', email: 'anna@example.ch', firstName: 'Anna', lastName: 'Muster', isAdmin: false };

function stubApi(routes: Parameters<typeof jsonFetch>[0]) {
  const fetch = vi.fn(jsonFetch(routes));
  vi.stubGlobal('fetch', fetch);
  const requested = () =>
    fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${apiRequestUrl(input).pathname}`);
  return { fetch, requested };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

setUpTestRuntime({ cart: [teeLine] });
beforeEach(() => {
  amplify.loaded = false;
  vi.mocked(redirectToPayment).mockReset();
});
afterEach(() => useSessionStore.setState({ status: 'signedOut', confirmed: true }));

describe('CheckoutRoute', () => {
  it("prefills a signed-in shopper's email and name from GET /me", async () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const { requested } = stubApi({ 'GET /me': { body: me }, 'GET /addresses': { body: { items: [] } } });
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    await waitFor(() => expect(field('Email').value).toBe('anna@example.ch'));
    expect(field('First Name').value).toBe('Anna');
    expect(field('Last Name').value).toBe('Muster');
    expect(field('Address').value).toBe('');
    expect(requested().sort()).toEqual(['GET /addresses', 'GET /me']);
  });

  it("fills the shipping fields from the customer's default address, and another saved one on choice", async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const saved = (id: string, address: string, zipCode: string, city: string, isDefault: boolean) => ({
      id,
      firstName: 'Anna',
      lastName: 'Muster',
      address,
      zipCode,
      city,
      country: 'CH',
      isDefault,
      createdAt: '2026-01-01T00:00:00Z',
    });
    stubApi({
      'GET /me': { body: me },
      'GET /addresses': {
        body: {
          items: [saved('a', 'Kramgasse 7', '3011', 'Bern', true), saved('b', 'Spalenberg 40', '4051', 'Basel', false)],
        },
      },
    });
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    await waitFor(() => expect(field('Address').value).toBe('Kramgasse 7'));
    expect(field('ZIP Code').value).toBe('3011');
    await user.click(within(shipTo).getByRole('radio', { name: /Spalenberg 40/ }));
    expect(field('City').value).toBe('Basel');
    // Edited here, it is no longer the saved address.
    await user.type(field('Address'), 'a');
    expect((within(shipTo).getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Address').value).toBe('Spalenberg 40a');
    await user.click(within(shipTo).getByRole('radio', { name: /Kramgasse 7/ }));
    expect(field('Address').value).toBe('Kramgasse 7');
    await user.click(within(shipTo).getByRole('radio', { name: 'Use a new address' }));
    expect(field('Address').value).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Save this address to my account' })).toBeTruthy();
  });

  it.each([
    ['keeps it', 201, { id: 'n-1', isDefault: true, createdAt: '2026-01-01T00:00:00Z' }],
    ['still goes to the payment page when keeping it fails', 500, { error: 'INTERNAL', message: 'x' }],
  ])('saves a new address typed at checkout to the account when asked: %s', async (_, status, body) => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const { fetch, requested } = stubApi({
      'GET /me': { body: me },
      'GET /addresses': { body: { items: [] } },
      'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/cs_test_1' } },
      'POST /addresses': { status, body },
    });
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    // No saved address yet: nothing to choose from, the fields are typed as a guest's would be.
    await waitFor(() => expect(field('First Name').value).toBe('Anna'));
    expect(screen.queryByRole('group', { name: 'Ship to' })).toBeNull();
    await user.type(field('Address'), 'Via Nassa 21');
    await user.type(field('ZIP Code'), '6900');
    await user.type(field('City'), 'Lugano');
    await user.click(await screen.findByRole('checkbox', { name: 'Save this address to my account' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('https://pay.example/cs_test_1'));
    const posted = requested();
    expect(posted.indexOf('POST /addresses')).toBeGreaterThan(posted.indexOf('POST /checkout'));
    const [, saved] = fetch.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && apiRequestUrl(input).pathname === '/addresses',
    )!;
    expect(JSON.parse(String(saved?.body))).toEqual({
      firstName: 'Anna',
      lastName: 'Muster',
      address: 'Via Nassa 21',
      zipCode: '6900',
      city: 'Lugano',
      country: 'CH',
    });
  });

  it('does not save an address typed at checkout unless asked', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const { requested } = stubApi({
      'GET /me': { body: me },
      'GET /addresses': { body: { items: [] } },
      'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/cs_test_1' } },
    });
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    await waitFor(() => expect(field('First Name').value).toBe('Anna'));
    await user.type(field('Address'), 'Via Nassa 21');
    await user.type(field('ZIP Code'), '6900');
    await user.type(field('City'), 'Lugano');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(redirectToPayment).toHaveBeenCalled());
    expect(requested()).not.toContain('POST /addresses');
  });

  it('lets an anonymous shopper check out without asking GET /me or loading the auth library', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    const { requested } = stubApi({
      'GET /promo-codes/SAVE10': { body: { code: 'SAVE10', type: 'percentage', percent: 10 } },
      'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/cs_test_1' } },
    });
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    await user.type(field('Promo code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Discount (SAVE10)');
    await user.type(field('Email'), 'anna@example.ch');
    await user.type(field('First Name'), 'Anna');
    await user.type(field('Last Name'), 'Muster');
    await user.type(field('Address'), 'Bahnhofstrasse 1');
    await user.type(field('ZIP Code'), '8001');
    await user.type(field('City'), 'Zürich');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('https://pay.example/cs_test_1'));
    expect(requested()).toEqual(['GET /promo-codes/SAVE10', 'POST /checkout']);
    expect(amplify.loaded).toBe(false);
    expect(screen.queryByRole('group', { name: 'Ship to' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Save this address to my account' })).toBeNull();
  });

  it('shows the cancelled note for /checkout?cancelled=1, and sets a noindex page title', () => {
    stubApi({});
    renderWithProviders(<CheckoutRoute />, { path: '/checkout?cancelled=1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByText('Payment cancelled').parentElement!.getAttribute('role')).toBe('status');
    expect(document.title).toBe('Checkout · LINEA');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('renders in German, names the cart in German, checks in German and sends locale de', async () => {
    const user = userEvent.setup({ delay: null });
    await i18next.changeLanguage('de');
    const germanTee = productFixture({
      id: 'tee',
      name: 'T-Shirt aus Bio-Baumwolle',
      textLanguage: { name: 'de', description: 'de' },
      colors: ['Chalk'],
      colorNames: { Chalk: 'Kreideweiss' },
    });
    const fetch = vi.fn(
      jsonFetch({
        'GET /products/tee': { body: germanTee },
        'POST /checkout': { status: 201, body: { orderId: 'ord-1', url: 'https://pay.example/cs_de' } },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<CheckoutRoute />, { path: '/checkout' });

    expect(screen.getByRole('heading', { level: 1, name: 'Kasse' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Kontakt' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Lieferadresse' })).toBeTruthy();
    for (const label of ['E-Mail', 'Vorname', 'Nachname', 'Adresse', 'PLZ', 'Ort', 'Promo-Code']) {
      expect(screen.getByLabelText(label), label).toBeTruthy();
    }
    const country = screen.getByRole('combobox', { name: 'Land' });
    expect(within(country).getByRole('option').textContent).toBe('Schweiz');
    const summary = screen.getByRole('region', { name: 'Bestellübersicht' });
    expect(within(summary).getByText('Zwischensumme')).toBeTruthy();
    expect(within(summary).getByText('inkl. MWST (8.1%)')).toBeTruthy();
    expect(within(summary).getAllByText('CHF 98.00').length).toBeGreaterThan(0);
    expect(within(summary).getByText('CHF 105.00')).toBeTruthy();
    // The tee went into the cart on an English page; here it reads as the German catalogue has it.
    expect(await within(summary).findByText('T-Shirt aus Bio-Baumwolle')).toBeTruthy();
    expect(within(summary).getByText('Kreideweiss')).toBeTruthy();
    expect(fetch.mock.calls.map(([input]) => apiRequestUrl(input).search)).toContain('?lang=de');
    expect(screen.getByRole('button', { name: 'Anwenden' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    expect(screen.getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(6);

    await user.type(field('E-Mail'), 'anna@example.ch');
    await user.type(field('Vorname'), 'Anna');
    await user.type(field('Nachname'), 'Muster');
    await user.type(field('Adresse'), 'Bahnhofstrasse 1');
    await user.type(field('PLZ'), '80');
    await user.type(field('Ort'), 'Zürich');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(screen.getByText('Bitte geben Sie eine vierstellige Schweizer Postleitzahl ein.')).toBeTruthy();

    await user.type(field('PLZ'), '01');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('https://pay.example/cs_de'));
    const checkout = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(checkout?.[1]?.body)) as { locale: string };
    expect(body.locale).toBe('de');
  });
});
