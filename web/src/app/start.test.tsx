import { readFileSync } from 'node:fs';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import type { Locale } from '@linea/shared/domain/money';
import { dictionaries } from '@linea/shared/i18n/index';
import { setRuntimeConfigForTesting } from '../config/runtime-config';
import type * as SessionModule from '../lib/auth/session';
import { renderPage } from '../server/render';
import { CART_STORAGE_KEY, useCartStore } from '../stores/cart-store';
import { reloadThemeForTesting, THEME_STORAGE_KEY } from '../stores/theme-store';
import { useSessionStore } from '../stores/session-store';
import { productFixture, teeLine, testConfig } from '../testing/fixtures';
import { holdEarlyInput } from './early-input';
import { startApp } from './start';

/** Whether Amplify's keys say there is a session; Amplify itself is not asked here. */
const sessionHint = vi.hoisted(() => ({ present: false }));
vi.mock('../lib/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  hasSessionHint: () => sessionHint.present,
  confirmSession: () => Promise.resolve(true),
}));

/** The app's own index.html: the renderer works on the built one the same way. */
// act() flushes the hydration, its effects and what they start, as a test of React expects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const template = readFileSync(`${import.meta.dirname}/../../index.html`, 'utf8');

const tee = productFixture({ id: 'tee', name: 'Organic Cotton Tee', price: 4900, featured: true });
const coat = productFixture({ id: 'coat', name: 'Tailored Wool Coat', price: 59000, category: 'Outerwear' });
const catalogues: Record<Locale, ProductDto[]> = {
  en: [tee, coat],
  de: [
    { ...tee, name: 'Bio-Baumwoll-T-Shirt', textLanguage: { name: 'de', description: 'de' } },
    { ...coat, name: 'Wollmantel', category: 'Oberbekleidung', textLanguage: { name: 'de', description: 'de' } },
  ],
};

/** What the host serves for `url`: the page rendered in `locale`. */
async function servePage(url: string, locale: Locale): Promise<void> {
  const { html } = await renderPage({
    url,
    locale,
    config: testConfig,
    catalogue: { products: catalogues[locale] },
    template,
    origin: window.location.origin,
  });
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = page.documentElement.lang;
  // Scripts put in by innerHTML do not run: the app starts below, as the page's module would.
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  window.history.replaceState(null, '', url);
  setRuntimeConfigForTesting(undefined);
}

const container = () => document.getElementById('root') as HTMLElement;
const heading = () => container().querySelector('h1');

/** What React reports when it cannot take the server's HTML over: errors, and hydration warnings. */
let problems: string[];
let root: Root | undefined;

beforeEach(() => {
  problems = [];
  const report = (...args: unknown[]) => problems.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(report);
  vi.spyOn(console, 'warn').mockImplementation(report);
  // The API is not there: nothing the page shows may need it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('no API here'))),
  );
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionHint.present = false;
  useSessionStore.setState({ status: 'signedOut', confirmed: false });
  useCartStore.setState({ lines: [] });
  reloadThemeForTesting();
  document.cookie = 'lang=; Max-Age=0; Path=/';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Starts the app over the page, as main.tsx does, and lets the hydration and its effects finish. */
async function start(): Promise<void> {
  await act(async () => {
    root = await startApp(container());
  });
}

/** The page's language is i18next's before the app starts, as a fresh page load's initI18n makes it. */
async function inLanguage(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  localStorage.clear();
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

const PAGES = [
  '/',
  '/products',
  '/products?category=outerwear',
  '/product/tee',
  '/product/unknown',
  '/size-guide',
  '/contact',
  '/no-such-page',
];

describe.each(['en', 'de'] as const)('taking over a page rendered on the server, in %s', (locale) => {
  it.each(PAGES)('keeps %s as the server rendered it, without a mismatch', async (url) => {
    await inLanguage(locale);
    await servePage(url, locale);
    const serverText = container().textContent;
    const serverHeading = heading();
    expect(serverHeading).not.toBeNull();

    await start();

    expect(problems).toEqual([]);
    // The same elements, not a client render in their place.
    expect(heading()).toBe(serverHeading);
    expect(container().textContent).toBe(serverText);
    expect(document.documentElement.lang).toBe(locale);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('taking over a page rendered on the server', () => {
  it('hands a heart pressed before the take-over to the app once it knows the shopper is signed in', async () => {
    await inLanguage('en');
    sessionHint.present = true;
    await servePage('/product/tee', 'en');
    // As the page's entry does from its first moment (main.tsx).
    const earlyInput = holdEarlyInput(container());
    const heart = container().querySelector<HTMLButtonElement>('main button[aria-label="Add to wishlist"]');
    expect(heart).not.toBeNull();
    heart?.click();

    await act(async () => {
      root = await startApp(container(), { earlyInput });
    });
    // A signed-out press would send the shopper to sign in; a signed-in one saves the product.
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith(
        expect.stringMatching(/\/wishlist\/tee$/),
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
  });

  it("keeps 'Product not found' for an unknown product, without asking the API again", async () => {
    await inLanguage('en');
    await servePage('/product/unknown', 'en');
    await start();
    expect(heading()?.textContent).toBe(dictionaries.en.product.notFound);
    expect(screen.getByRole('link', { name: dictionaries.en.product.backToProducts })).toBeTruthy();
    expect(problems).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders a path the not-found page was sent for, but that the app routes elsewhere, itself', async () => {
    await inLanguage('en');
    // What the host sends for a product that never existed: the page rendered for /404.
    await servePage('/404', 'en');
    window.history.replaceState(null, '', '/product/never-was');
    const serverHeading = heading();
    await start();
    // The product's own not-found state, after the API answered: no markup of another route kept.
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ error: 'NOT_FOUND', message: 'Product not found' }, { status: 404 }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: dictionaries.en.product.notFound }, { timeout: 5000 }),
    ).not.toBe(serverHeading);
    expect(problems.filter((problem) => /hydrat|#418/i.test(problem))).toEqual([]);
  });

  it('shows the stored cart, theme and session after the server’s empty cart, default theme and signed-out header', async () => {
    await inLanguage('en');
    await servePage('/size-guide', 'en');
    const badge = container().querySelector('.cart-count');
    expect(badge?.textContent).toBe('0');
    expect(container().querySelector('.lucide-monitor')).not.toBeNull();
    // What this browser has: a cart of two, the dark theme and a session.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { lines: [teeLine] }, version: 1 }));
    await useCartStore.persist.rehydrate();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    reloadThemeForTesting();
    sessionHint.present = true;

    await start();

    expect(problems).toEqual([]);
    expect(container().querySelector('.cart-count')).toBe(badge);
    await waitFor(() => expect(badge?.textContent).toBe('2'));
    expect(container().querySelector('.lucide-moon')).not.toBeNull();
    expect(screen.getByRole('link', { name: dictionaries.en.nav.account })).toBeTruthy();
  });

  it('switches to a language stored before the cookie existed, after taking the page over, and writes the cookie', async () => {
    await inLanguage('en');
    await servePage('/size-guide', 'en');
    const serverHeading = heading();
    localStorage.setItem('language', 'de');

    await start();

    expect(problems).toEqual([]);
    expect(heading()).toBe(serverHeading);
    await waitFor(() => expect(serverHeading?.textContent).toBe(dictionaries.de.sizeGuidePage.title));
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('lang=de');
  });

  it('keeps a page rendered last year, without a mismatch over its copyright year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:00:00Z'));
    await inLanguage('en');
    await servePage('/size-guide', 'en');
    const serverHeading = heading();
    vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));

    await start();

    vi.useRealTimers();
    expect(problems).toEqual([]);
    expect(heading()).toBe(serverHeading);
    expect(container().textContent).toContain('© 2025 LINEA');
  });

  it('navigates in the browser from a link of the page', async () => {
    await inLanguage('en');
    await servePage('/size-guide', 'en');
    await start();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getAllByRole('link', { name: dictionaries.en.nav.contact })[0] as HTMLElement);

    expect(
      await screen.findByRole('heading', { level: 1, name: dictionaries.en.contactPage.heading }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/contact');
    expect(problems).toEqual([]);
  });
});

describe('a page with an invalid runtime config', () => {
  const breakConfig = () => {
    const element = document.getElementById('runtime-config') as HTMLElement;
    element.textContent = JSON.stringify({ ...testConfig, apiUrl: 'api.example' });
    setRuntimeConfigForTesting(undefined);
  };

  it('gives way to the start-up error screen once the config is checked, asking the API nothing', async () => {
    await inLanguage('en');
    await servePage('/size-guide', 'en');
    breakConfig();

    await start();

    expect(
      await screen.findByRole('heading', { level: 1, name: dictionaries.en.startup.title }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(container().textContent).toContain('apiUrl: must be an http(s) URL or a path starting with /');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the start-up error screen instead of the app in an empty page', async () => {
    await inLanguage('de');
    document.documentElement.lang = 'de';
    document.body.innerHTML = '<div id="root"></div>';
    document.head.innerHTML = '<script id="runtime-config" type="application/json"></script>';
    breakConfig();
    window.history.replaceState(null, '', '/cart');

    await start();

    expect(screen.getByRole('heading', { level: 1, name: dictionaries.de.startup.title })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('rendering into an empty page', () => {
  it('renders the stored cart and language at once, as before', async () => {
    await inLanguage('en');
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<div id="root"></div>';
    document.head.innerHTML = `<script id="runtime-config" type="application/json">${JSON.stringify(testConfig)}</script>`;
    setRuntimeConfigForTesting(undefined);
    window.history.replaceState(null, '', '/size-guide');
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { lines: [teeLine] }, version: 1 }));
    await useCartStore.persist.rehydrate();

    await start();

    expect(
      await screen.findByRole('heading', { level: 1, name: dictionaries.en.sizeGuidePage.title }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(container().querySelector('.cart-count')?.textContent).toBe('2');
    expect(problems).toEqual([]);
  });
});
