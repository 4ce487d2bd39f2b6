/**
 * Chromium driven by playwright-core for the web bench's own steps (filling a cart as a shopper
 * does, timing taps), with the flags the e2e suites use, and the ways to find what a shopper
 * taps on the product page (by role and name, in English, as the e2e suites do).
 *
 * In-page callbacks here are single expressions: tsx names every function it compiles with a
 * `__name` helper, which does not exist in the page when Playwright sends the function's source.
 */
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { en } from '../../shared/i18n/en';
import { chatEn } from '../../web/src/features/chat/i18n/en';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../fixtures/chromium';

/** How long the bench waits for the shop to answer a step; a healthy run never waits this long. */
export const PATIENCE_MS = 30_000;

const launched = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    // The bench's own handlers decide when to stop (they call closeBrowsers).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** Closes every browser launched here that is still open (the bench's cleanup, also on signals). */
export async function closeBrowsers(): Promise<void> {
  await Promise.all([...launched].map((browser) => browser.close().catch(() => undefined)));
}

/**
 * Waits until React has taken the element over (hydrated it, or drawn it): React keeps its fiber
 * on each element it owns, and only then does a tap on it reach the app.
 */
export async function whenHydrated(target: Locator): Promise<void> {
  await target.waitFor();
  const element = await target.elementHandle();
  if (!element) throw new Error(`${String(target)} is not on the page`);
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + 30_000;
        const timer = setInterval(() => {
          if (Object.keys(node).some((key) => key.startsWith('__reactFiber')) || !node.isConnected) {
            clearInterval(timer);
            resolve();
          } else if (performance.now() > deadline) {
            clearInterval(timer);
            reject(new Error('the element was never hydrated'));
          }
        }, 20);
      }),
  );
}

/** Resolves at the page's next idle moment (requestIdleCallback), so a step starts on a quiet main thread. */
export async function whenIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })));
}

export const shopper = {
  sizes: (page: Page): Locator =>
    page.getByRole('main').getByRole('group', { name: en.product.size }).getByRole('radio'),
  addToCart: (page: Page): Locator => page.getByRole('main').getByRole('button', { name: en.product.addToCart }),
  /** The header's cart link once it counts `count` items. */
  cartLink: (page: Page, count: number): Locator =>
    page.getByRole('banner').getByRole('link', {
      name: (count === 1 ? en.header.cartLabel_one : en.header.cartLabel_other).replace('{{count}}', String(count)),
      exact: true,
    }),
  chatLauncher: (page: Page): Locator => page.getByRole('button', { name: chatEn.launcher }),
  chatPanel: (page: Page): Locator => page.getByRole('dialog', { name: chatEn.title }),
};

/** The first size radio a shopper could choose that is not chosen yet. */
export async function unchosenSize(page: Page): Promise<Locator> {
  const sizes = shopper.sizes(page);
  await sizes.first().waitFor();
  const count = await sizes.count();
  for (let index = 0; index < count; index++) {
    const size = sizes.nth(index);
    if ((await size.isEnabled()) && !(await size.isChecked())) return size;
  }
  throw new Error(`No size to choose on ${page.url()}`);
}
