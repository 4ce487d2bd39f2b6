/**
 * Feedback that tells the truth: a failure that a later try has overcome is no longer shown
 * beside the success; removing from the cart says what went and can be undone, exactly; and the
 * wishlist's "Please sign in" leads to the sign-in page, which is told where to come back to.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, eventually, expectToast, toasts } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const CART_KEY = 'linea-cart';

const line = (id: string, name: string, price: number, size: string, color: string, quantity: number) => ({
  id,
  name,
  price,
  size,
  color,
  // As this shop saves a line added on an English page.
  sizeLabel: size,
  colorName: color,
  locale: 'en',
  image: `/images/products/${id}-1.svg`,
  quantity,
});

/** Three lines, the same tee on two of them, each with its own quantity. */
const LINES = [
  line('essential-organic-tee', 'Essential Organic Tee', 4900, 'M', 'Black', 2),
  line('tailored-wool-coat', 'Tailored Wool Coat', 49900, 'L', 'Camel', 1),
  line('essential-organic-tee', 'Essential Organic Tee', 4900, 'S', 'Stone', 3),
];
const LISTED = [
  'Essential Organic Tee (M, Black) × 2',
  'Tailored Wool Coat (L, Camel) × 1',
  'Essential Organic Tee (S, Stone) × 3',
];

/** The cart's lines as listed: each one's name (from its quantity field's label) and quantity. */
async function listedLines(page: Page): Promise<string[]> {
  const list = page.getByRole('main').getByRole('list', { name: 'Items in your cart' });
  if (!(await list.isVisible())) return [];
  const fields = await list.getByRole('spinbutton').all();
  return Promise.all(
    fields.map(async (field) => {
      const label = await field.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
      return `${label.replace('Quantity of ', '')} × ${await field.inputValue()}`;
    }),
  );
}

async function storedLines(page: Page): Promise<unknown[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  return (JSON.parse(raw ?? '{}') as { state?: { lines?: unknown[] } }).state?.lines ?? [];
}

/** Opens the cart with LINES in it (written before the page loads, as a returning shopper's). */
async function openCart() {
  const shopPage = await browser.openShop({
    reducedMotion: 'reduce',
    storage: { [CART_KEY]: JSON.stringify({ state: { lines: LINES }, version: 1 }) },
  });
  await shopPage.page.goto('/cart');
  await eventually(() => listedLines(shopPage.page)).toEqual(LISTED);
  return shopPage;
}

describe('toasts after a retry', () => {
  it('shows only the success when the newsletter signup works on the second try', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    let failing = true;
    await page.route(`${shop.webUrl}/api/newsletter/subscribers`, (route) => {
      if (!failing || route.request().method() !== 'POST') return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'INTERNAL', message: 'Internal error' }),
      });
    });
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(`retry-${randomUUID().slice(0, 8)}@example.ch`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscription failed', 'Please try again later.');

    failing = false;
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Check your inbox', 'We have sent you a link to confirm your subscription.');
    await eventually(() => toasts(page).allInnerTexts()).toEqual([
      expect.stringMatching(/^Check your inbox\s+We have sent you a link to confirm your subscription\.$/),
    ]);

    // The only complaint in the console is the failure this test made.
    expect(problems.filter((problem) => !problem.includes('503'))).toEqual([]);
    await context.close();
  });
});

describe('undo in the cart', () => {
  it('brings back every line of a cleared cart, in order, with its quantity', async () => {
    const { page, context, problems } = await openCart();
    await page.getByRole('main').getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await storedLines(page)).toEqual([]);
    await expectToast(
      page,
      'Your cart was cleared',
      '2 × Essential Organic Tee (M, Black), 1 × Tailored Wool Coat (L, Camel), and 3 × Essential Organic Tee (S, Stone)',
    );

    await toasts(page).filter({ hasText: 'Your cart was cleared' }).getByRole('button', { name: 'Undo' }).click();
    await eventually(() => listedLines(page)).toEqual(LISTED);
    expect(await storedLines(page)).toEqual(LINES);
    await expectToast(page, 'Back in your cart');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('puts a removed line back at its place, with its quantity', async () => {
    const { page, context, problems } = await openCart();
    await page.getByRole('main').getByRole('button', { name: 'Remove Tailored Wool Coat (L, Camel)' }).click();
    await eventually(() => listedLines(page)).toEqual([LISTED[0], LISTED[2]]);
    await expectToast(page, 'Removed from your cart', '1 × Tailored Wool Coat (L, Camel)');

    await toasts(page).filter({ hasText: 'Removed from your cart' }).getByRole('button', { name: 'Undo' }).click();
    await eventually(() => listedLines(page)).toEqual(LISTED);
    expect(await storedLines(page)).toEqual(LINES);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the wishlist without a session', () => {
  it('leads from "Please sign in" to the sign-in page, with the way back to this page', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto('/products?category=basics');
    const main = page.getByRole('main');
    await main.getByRole('article').first().waitFor();
    await main.getByRole('button', { name: 'Add to wishlist' }).first().click();
    await expectToast(page, 'Please sign in', 'You need to be signed in to add items to your wishlist');

    await toasts(page).filter({ hasText: 'Please sign in' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/products?category=basics');
    await main.getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
