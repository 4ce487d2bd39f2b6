/**
 * The cart rules of spec §4, seen from the shopper's side: lines identified by product, size
 * and colour, quantities, the header count, the summary with the flat CHF 7.00 shipping, and a
 * cart that lives in localStorage (`linea-cart`) across reloads, even after a corrupt save.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addToCart, browserForSuite, eventually, expectToast } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** Five sizes and three colours, CHF 49.00: every rule of the cart applies to it. */
const TEE = { path: '/product/essential-organic-tee', name: 'Essential Organic Tee' };
const CART_KEY = 'linea-cart';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });

async function expectCartCount(page: Page, count: number): Promise<void> {
  await eventually(() => cartLink(page).getAttribute('aria-label')).toBe(
    `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
  );
}

/** The words of the summary, row by row ("Subtotal" → "CHF 98.00"); prices use a no-break space. */
async function summary(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('main').getByRole('region', { name: 'Order Summary' });
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
  const terms = (await region.getByRole('term').allInnerTexts()).map(clean);
  const definitions = (await region.getByRole('definition').allTextContents()).map(clean);
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}

const lineItem = (size: string, color: string) => `${TEE.name} (${size}, ${color})`;
const quantityOf = (main: Locator, item: string) => main.getByRole('spinbutton', { name: `Quantity of ${item}` });

async function storedLines(page: Page): Promise<{ size: string; color: string; quantity: number }[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  return (
    (
      JSON.parse(raw ?? '{}') as { state?: { lines?: { size: string; color: string; quantity: number }[] } }
    ).state?.lines?.map(({ size, color, quantity }) => ({ size, color, quantity })) ?? []
  );
}

describe('the cart', () => {
  it('merges the same size and colour into one line, keeps others apart, and survives reloads', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto(TEE.path);
    await page.getByRole('heading', { level: 1, name: TEE.name }).waitFor();
    await expectCartCount(page, 0);

    await addToCart(page, { size: 'M', color: 'Black', quantity: 2 });
    await expectToast(page, 'Added to cart', `2 × ${TEE.name} (M, Black)`);
    await expectCartCount(page, 2);

    await addToCart(page, { quantity: 1 });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (M, Black)`);
    await expectCartCount(page, 3);

    await addToCart(page, { size: 'L', quantity: 1 });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (L, Black)`);
    await expectCartCount(page, 4);

    await cartLink(page).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    const lines = main.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    expect(await lines.count()).toBe(2);
    expect(await quantityOf(main, lineItem('M', 'Black')).inputValue()).toBe('3');
    expect(await quantityOf(main, lineItem('L', 'Black')).inputValue()).toBe('1');
    await eventually(() => summary(page)).toEqual({
      Subtotal: 'CHF 196.00',
      'Shipping Flat rate within Switzerland': 'CHF 7.00',
      Total: 'CHF 203.00',
      'incl. VAT (8.1%)': 'CHF 15.21',
    });
    expect(await main.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');

    // Saved under the spec's brand-prefixed key, so a reload brings back the same lines.
    expect(await storedLines(page)).toEqual([
      { size: 'M', color: 'Black', quantity: 3 },
      { size: 'L', color: 'Black', quantity: 1 },
    ]);
    await page.reload();
    await quantityOf(main, lineItem('M', 'Black')).waitFor();
    expect(await lines.count()).toBe(2);
    expect(await quantityOf(main, lineItem('M', 'Black')).inputValue()).toBe('3');
    expect(await quantityOf(main, lineItem('L', 'Black')).inputValue()).toBe('1');
    await expectCartCount(page, 4);

    // Quantities by the line's own stepper and by typing a number.
    await main.getByRole('button', { name: `Increase quantity of ${lineItem('L', 'Black')}` }).click();
    await eventually(() => quantityOf(main, lineItem('L', 'Black')).inputValue()).toBe('2');
    await quantityOf(main, lineItem('M', 'Black')).fill('1');
    await quantityOf(main, lineItem('M', 'Black')).press('Enter');
    await expectCartCount(page, 3);
    await eventually(() => summary(page)).toMatchObject({ Subtotal: 'CHF 147.00', Total: 'CHF 154.00' });
    await main.getByRole('button', { name: `Decrease quantity of ${lineItem('L', 'Black')}` }).click();
    await expectCartCount(page, 2);

    await main.getByRole('button', { name: `Remove ${lineItem('L', 'Black')}` }).click();
    await eventually(() => lines.count()).toBe(1);
    await expectCartCount(page, 1);
    await eventually(() => summary(page)).toMatchObject({
      Subtotal: 'CHF 49.00',
      'Shipping Flat rate within Switzerland': 'CHF 7.00',
      Total: 'CHF 56.00',
    });

    await page.reload();
    await quantityOf(main, lineItem('M', 'Black')).waitFor();
    expect(await lines.count()).toBe(1);
    expect(await storedLines(page)).toEqual([{ size: 'M', color: 'Black', quantity: 1 }]);

    await main.getByRole('button', { name: 'Clear Cart' }).click();
    await main.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expectCartCount(page, 0);
    expect(await storedLines(page)).toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("says 'Please select a size' and adds nothing until a size is chosen", async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto(TEE.path);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: TEE.name }).waitFor();

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Please select a size');
    // Said beside the sizes too, where focus is sent so the shopper can choose at once.
    expect(await main.getByRole('group', { name: 'Size' }).getByText('Please select a size').count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await expectCartCount(page, 0);
    expect(await storedLines(page)).toEqual([]);

    await addToCart(page, { size: 'S' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (S, Chalk)`);
    await expectCartCount(page, 1);
    expect(await main.getByRole('group', { name: 'Size' }).getByText('Please select a size').count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['not JSON', '{not json'],
    ['not a cart', JSON.stringify({ state: { lines: [{ id: 42, quantity: 'many' }] }, version: 1 })],
  ])('ignores a saved cart that is %s and keeps working', async (_kind, saved) => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    // Before the app's first script, once per tab: later reloads must see what the app saved.
    await context.addInitScript(
      ([key, value]) => {
        try {
          if (sessionStorage.getItem('e2e-corrupted')) return;
          sessionStorage.setItem('e2e-corrupted', 'yes');
          localStorage.setItem(key, value);
        } catch {
          /* about:blank has no storage */
        }
      },
      [CART_KEY, saved] as const,
    );

    await page.goto('/cart');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expectCartCount(page, 0);

    await page.goto(TEE.path);
    await addToCart(page, { size: 'XL', color: 'Stone' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (XL, Stone)`);
    await expectCartCount(page, 1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: TEE.name }).waitFor();
    await expectCartCount(page, 1);
    expect(await storedLines(page)).toEqual([{ size: 'XL', color: 'Stone', quantity: 1 }]);

    // The spec logs and ignores the bad save: a warning at most, never an error or a crash.
    expect(problems).toEqual([]);
    await context.close();
  });
});
