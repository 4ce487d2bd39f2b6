/**
 * A cart with two lines for the pages the app draws from the shopper's storage (/cart,
 * /checkout): filled once through the shop as a shopper fills it, then put into each Lighthouse
 * run's fresh Chromium profile before the run, and looked for on the page after it.
 */
import { chromium, type Page } from 'playwright-core';
import { en } from '../../shared/i18n/en';
import { paths } from '../../web/src/config/paths';
import { CART_STORAGE_KEY } from '../../web/src/stores/cart-store';
import { launchBrowser, PATIENCE_MS, shopper, unchosenSize, whenHydrated } from './web-browser';

/** The page's list of cart lines, by its accessible name. */
export const CART_LISTS = {
  cart: en.cart.items,
  checkout: en.checkout.items,
} as const;

function linesIn(saved: string | null): number {
  if (saved === null) return 0;
  const lines = (JSON.parse(saved) as { state?: { lines?: unknown } }).state?.lines;
  return Array.isArray(lines) ? lines.length : 0;
}

async function addOneLine(page: Page, productId: string, linesBefore: number): Promise<void> {
  await page.goto(paths.product.getHref(productId));
  const add = shopper.addToCart(page);
  await whenHydrated(add);
  const size = await unchosenSize(page);
  await whenHydrated(size);
  await size.check();
  await add.click();
  await shopper.cartLink(page, linesBefore + 1).waitFor();
}

/**
 * Adds one of each product, in a size of its own, on the products' pages, and returns the saved
 * cart exactly as the app wrote it to localStorage.
 */
export async function cartThroughTheShop(webUrl: string, productIds: readonly string[]): Promise<string> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: webUrl, locale: 'en-US', reducedMotion: 'reduce' });
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    for (const [index, productId] of productIds.entries()) await addOneLine(page, productId, index);
    const saved = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
    if (saved === null || linesIn(saved) !== productIds.length) {
      throw new Error(`The shop saved ${linesIn(saved)} cart lines for ${productIds.length} products: ${saved}`);
    }
    return saved;
  } finally {
    await browser.close();
  }
}

/** The Chromium Lighthouse is about to use, on its DevTools port, through playwright-core. */
async function withProfile<T>(port: number, use: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error(`Chromium on port ${port} has no default context`);
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    try {
      return await use(page);
    } finally {
      await page.close();
    }
  } finally {
    // On a browser it connected to, close() only disconnects: Chromium stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Writes the saved cart into the profile's localStorage for the shop's origin. From robots.txt:
 * a document on that origin that loads nothing of the app, so none of its files is in the HTTP
 * cache Lighthouse then measures with (with storage reset off, Lighthouse does not clear it).
 */
export async function putCartInProfile(port: number, webUrl: string, saved: string): Promise<void> {
  await withProfile(port, async (page) => {
    await page.goto(`${webUrl}/robots.txt`);
    const stored = await page.evaluate(
      ([key, value]) => {
        localStorage.setItem(key, value);
        return localStorage.getItem(key);
      },
      [CART_STORAGE_KEY, saved] as const,
    );
    if (stored !== saved) throw new Error('The saved cart did not stay in the profile');
  });
}

/**
 * How many lines `url` shows in its list named `listName`, waiting for the expected number
 * first: after a run, this is the cart the run measured (Lighthouse with storage reset off leaves
 * the storage as it found it), as the app reads it.
 */
export async function cartLinesShown(port: number, url: string, listName: string, expected: number): Promise<number> {
  return withProfile(port, async (page) => {
    await page.goto(url);
    const lines = page.getByRole('main').getByRole('list', { name: listName }).getByRole('listitem');
    await lines
      .nth(expected - 1)
      .waitFor()
      .catch(() => undefined);
    return lines.count();
  });
}
