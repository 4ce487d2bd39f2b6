import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../app/router';
import { setRuntimeConfigForTesting } from '../config/runtime-config';
import { useSessionStore } from '../stores/session-store';
import { jsonFetch, productFixture, testConfig } from '../testing/fixtures';
import { createTestQueryClient, renderRoutes } from '../testing/render';

/** Lazy chunks (a page, the toaster, the menu) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

function renderPage(path: string) {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(queryClient), path, queryClient);
}

const main = () => screen.getByRole('main');

beforeEach(() => {
  setRuntimeConfigForTesting(testConfig);
  useSessionStore.setState({ status: 'signedOut', confirmed: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRuntimeConfigForTesting(undefined);
});

describe('home page', () => {
  it('has the hero with a call to browse, the philosophy, at most three featured products and the newsletter', async () => {
    const products = [
      productFixture({ name: 'Wool Coat', featured: true }),
      productFixture({ name: 'Plain Tee', featured: false }),
      productFixture({ name: 'Merino Knit', featured: true }),
      productFixture({ name: 'Linen Shirt', featured: true }),
      productFixture({ name: 'Canvas Tote', featured: true }),
    ];
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: products } } })));
    renderPage('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elevated essentials, timeless design' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop the Collection' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('heading', { name: 'Fewer, better things' })).toBeTruthy();

    const featured = screen.getByRole('region', { name: 'Featured' });
    await within(featured).findByRole('link', { name: /Wool Coat/ }, LAZY);
    const names = within(featured)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Wool Coat', 'Merino Knit', 'Linen Shirt']);

    const newsletter = screen.getByRole('region', { name: 'A quiet letter, a few times a season' });
    expect(within(newsletter).getByLabelText('Email address')).toBeTruthy();
    expect(document.title).toBe('Elevated essentials, timeless design · LINEA');
  });

  it('leaves the featured section out when nothing is featured', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: [productFixture()] } } })));
    renderPage('/');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull());
  });
});

describe('policy copy', () => {
  it.each(['/terms', '/faq', '/shipping-returns', '/contact'])(
    '%s states only what SHOP_POLICY says, in CHF',
    async (path) => {
      const user = userEvent.setup({ delay: null });
      renderPage(path);
      await screen.findByRole('heading', { level: 1 }, LAZY);
      // FAQ answers are collapsed: open them all.
      for (const question of screen.queryAllByRole('button', { expanded: false })) {
        if (main().contains(question)) await user.click(question);
      }
      const text = main().textContent ?? '';
      expect(text).not.toContain('$');
      expect(text.toLowerCase()).not.toContain('free shipping');
      if (path !== '/contact') {
        expect(text).toMatch(/CHF\s7\.00/);
        expect(text).toContain('30 days');
      }
      if (path === '/terms' || path === '/faq') expect(text).toMatch(/1–2 business days/);
      expect(text).toContain('24 hours');
    },
  );

  it('writes the fee the Swiss German way in German', async () => {
    const { setLocale } = await import('../i18n/i18n');
    await setLocale('de');
    renderPage('/shipping-returns');
    await screen.findByRole('heading', { level: 1, name: 'Versand & Rückgabe' }, LAZY);
    expect(main().textContent).toMatch(/Pauschal CHF\s7\.00 pro Bestellung/);
    expect(main().textContent).toContain('Innert 30 Tagen');
  });
});

describe('legal pages', () => {
  it("Terms: 'Last updated: January 2024', numbered sections and a table of contents", async () => {
    renderPage('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Last updated: January 2024')).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Shipping' }).getAttribute('href')).toBe('#shipping');
    expect(screen.getByRole('region', { name: /Returns/ })).toBeTruthy();
    expect(document.title).toBe('Terms of Service · LINEA');
  });

  it('Privacy: not for children under 13', async () => {
    renderPage('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Last updated: January 2024')).toBeTruthy();
    expect(main().textContent).toContain('Our services are not intended for children under 13');
  });
});

describe('help pages', () => {
  it('Size Guide: the chest and waist tables in cm and inches', async () => {
    renderPage('/size-guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Size Guide' }, LAZY)).toBeTruthy();
    const tops = screen.getByRole('table', { name: 'Tops: chest measurements' });
    const rows = within(tops).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SizeChest (cm)Chest (in)',
      'XS86–9134–36',
      'S91–9736–38',
      'M97–10238–40',
      'L102–10740–42',
      'XL107–11242–44',
    ]);
    const bottoms = screen.getByRole('table', { name: 'Bottoms: waist measurements' });
    expect(within(bottoms).getByRole('row', { name: /^XS/ }).textContent).toBe('XS66–7126–28');
    expect(within(bottoms).getByRole('row', { name: /^XL/ }).textContent).toBe('XL86–9134–36');
  });

  it('FAQ: questions open in place', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/faq');
    const question = await screen.findByRole('button', { name: 'How much does shipping cost?' }, LAZY);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/^Shipping within Switzerland costs a flat CHF\s7\.00 per order\.$/)).toBeTruthy();
    expect(document.getElementById('page-json-ld')?.textContent).toContain('FAQPage');
  });
});

describe('contact page', () => {
  it("shows the shop's details, its hours without a time zone abbreviation, and the form", async () => {
    renderPage('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'We are here to help' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@linea.ch' }).getAttribute('href')).toBe('mailto:hello@linea.ch');
    expect(screen.getByRole('link', { name: '+41 44 000 00 00' }).getAttribute('href')).toBe('tel:+41440000000');
    const hours = screen.getByRole('region', { name: 'Customer service hours' });
    expect(hours.textContent).toContain('Monday to Friday9:00–18:00');
    expect(hours.textContent).toContain('Saturday10:00–16:00');
    expect(hours.textContent).toContain('SundayClosed');
    expect(hours.textContent).not.toMatch(/EST/);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });
});

describe('about page', () => {
  it('tells the story, the values and the team', async () => {
    renderPage('/about');
    expect(await screen.findByRole('heading', { level: 1 }, LAZY)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our story' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What we value' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The team' })).toBeTruthy();
    expect(document.title).toBe('About LINEA · LINEA');
  });
});
