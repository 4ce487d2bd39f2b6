/**
 * Prerendered pages as a shopper meets them (the "Speed" issue): the storefront's pages arrive as
 * HTML that already shows them, readable with JavaScript off, in the visitor's language; with
 * JavaScript on, the app takes the page over (hydrates it) without rendering any of it again,
 * and from then on it is the app: links navigate without a page load, and the language switch
 * is remembered by the host for the next page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, languageSwitcher } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const PAGES: ReadonlyArray<{ path: string; en: string; de: string }> = [
  { path: '/', en: 'Elevated essentials, timeless design', de: 'Erlesene Essentials, zeitloses Design' },
  { path: '/products', en: 'Products', de: 'Produkte' },
  { path: '/products?category=outerwear', en: 'Products', de: 'Produkte' },
  { path: '/product/merino-crew-sweater', en: 'Merino Crew Sweater', de: 'Merino-Pullover mit Rundhalsausschnitt' },
  { path: '/size-guide', en: 'Size Guide', de: 'Grössentabelle' },
  { path: '/contact', en: 'We are here to help', de: 'Wir helfen Ihnen gerne' },
  { path: '/no-such-page', en: 'Oops! Page not found', de: 'Hoppla! Seite nicht gefunden' },
];

/** Marks the document, so a later check can tell a client-side navigation from a page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe('prerendered pages', () => {
  it.each(['en', 'de'] as const)('show their content with JavaScript off, in %s', async (language) => {
    const context = await browser.newContext({
      baseURL: shop.webUrl,
      javaScriptEnabled: false,
      locale: language === 'de' ? 'de-CH' : 'en-US',
    });
    const page = await context.newPage();
    for (const { path, ...headings } of PAGES) {
      await page.goto(path);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(language);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 1 })
        .toBe(headings[language]);
    }
    const product = await page.goto('/product/merino-crew-sweater');
    expect(product?.status()).toBe(200);
    const image = page.getByRole('img', { name: /Merino Crew Sweater|Merino-Pullover/ }).first();
    expect(await image.getAttribute('width')).toMatch(/^\d+$/);
    expect(await image.getAttribute('height')).toMatch(/^\d+$/);
    expect((await image.getAttribute('fetchpriority'))?.toLowerCase()).toBe('high');
    expect(
      await page
        .getByText(/CHF\s149\.00/)
        .first()
        .isVisible(),
    ).toBe(true);
    await context.close();
  });

  it.each(['en', 'de'] as const)('are taken over by the app without being rendered again, in %s', async (language) => {
    const { page, context, problems } = await browser.openShop({
      locale: language === 'de' ? 'de-CH' : 'en-US',
    });
    for (const { path, ...headings } of PAGES) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      // The element the server sent is still the one shown once the app has taken it over
      // (React keeps its fiber on each element it hydrates).
      await heading.evaluate((element) => element.setAttribute('data-from-server', ''));
      await heading.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            const hydrated = () => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
            const check = () => (hydrated() || !element.isConnected ? resolve() : setTimeout(check, 20));
            check();
          }),
      );
      expect(await heading.textContent(), path).toBe(headings[language]);
      expect(await heading.getAttribute('data-from-server'), path).toBe('');
    }
    // The not-found page comes with its 404 status, which the browser reports.
    expect(problems.filter((problem) => !/status of 404.*\/no-such-page\)/.test(problem))).toEqual([]);
    await context.close();
  });

  it('navigates as an app after the first page, and the language chosen there is the next page load’s', async () => {
    const { page, context, problems } = await browser.openShop();
    await page.goto('/size-guide');
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await markDocument(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'We are here to help' }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    await languageSwitcher(page).getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wir helfen Ihnen gerne' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('de');

    // A new visit to any page: German from the first byte.
    const html = await (await page.request.get('/product/merino-crew-sweater')).text();
    expect(html).toMatch(/<html[^>]*lang="de"/);
    expect(html).toContain('Merino-Pullover mit Rundhalsausschnitt');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('would be caught rendering a page again: HTML that differs from what the app renders is reported', async () => {
    const { page, context, problems } = await browser.openShop();
    // The server's page with its heading changed, as a stale or wrong render would be.
    await page.route('**/size-guide', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('>Size Guide</h1>', '>Size Guide (stale)</h1>');
      await route.fulfill({ response, body });
    });
    await page.goto('/size-guide');
    await page.getByRole('heading', { level: 1, name: 'Size Guide', exact: true }).waitFor();
    await expect.poll(() => problems.some((problem) => problem.includes('Hydration mismatch'))).toBe(true);
    await context.close();
  });
});
