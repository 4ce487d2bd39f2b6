/**
 * The catalogue speaks the shopper's language (issue 9, item 1): on German pages the product
 * names, descriptions, colours, sizes and categories are German, search finds German words however
 * umlauts are typed, the cart and the checkout follow a change of language, and the wishlist and
 * the product's structured data are German too. English pages stay English.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addToCart, browserForSuite, eventually, languageSwitcher, signInThroughUi, signUpShopper } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const TEE = { path: '/product/essential-organic-tee', en: 'Essential Organic Tee', de: 'T-Shirt aus Bio-Baumwolle' };
const BEANIE = { path: '/product/ribbed-merino-beanie', en: 'Ribbed Merino Beanie', de: 'Merino-Mütze in Rippstrick' };

async function openProduct(page: Page, path: string, name: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  return main;
}

/** The product's schema.org JSON-LD, as a search engine reads it. */
async function structuredData(page: Page): Promise<{ name: string; description: string; category: string }> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? '{}') as { name: string; description: string; category: string };
}

async function switchLanguage(page: Page, language: 'English' | 'Deutsch'): Promise<void> {
  const button = languageSwitcher(page).getByRole('button', { name: language });
  await button.click();
  await eventually(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('the German catalogue', () => {
  it('shows a product in German: name, description, colours, sizes, category and structured data', async () => {
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      storage: { language: 'de' },
    });

    const main = await openProduct(page, TEE.path, TEE.de);
    expect(await main.getByRole('heading', { level: 1 }).getAttribute('lang')).toBe('de');
    expect(
      await main
        .getByText(/Bio-Baumwolle/)
        .first()
        .isVisible(),
    ).toBe(true);
    const colours = main.getByRole('group', { name: 'Farbe' }).getByRole('radio');
    expect(
      await colours.evaluateAll((radios) =>
        radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
      ),
    ).toEqual(['Kreideweiss', 'Schwarz', 'Stein']);
    await eventually(async () => (await structuredData(page)).name).toBe(TEE.de);
    expect((await structuredData(page)).category).toBe('Basics');
    expect(await page.title()).toContain(TEE.de);

    await openProduct(page, BEANIE.path, BEANIE.de);
    const size = main.getByRole('group', { name: 'Grösse' }).getByRole('radio', { name: 'Einheitsgrösse' });
    expect(await size.isChecked()).toBe(true);
    expect((await structuredData(page)).category).toBe('Accessoires');

    // The same pages in English.
    await switchLanguage(page, 'English');
    await main.getByRole('heading', { level: 1, name: BEANIE.en, exact: true }).waitFor();
    expect(await main.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'One Size' }).isChecked()).toBe(
      true,
    );
    await eventually(async () => (await structuredData(page)).name).toBe(BEANIE.en);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists a category by its German name and finds German words however the umlauts are typed', async () => {
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      viewport: { width: 1440, height: 900 },
      storage: { language: 'de' },
    });
    await page.goto('/products?category=bottoms');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Hosen', exact: true, pressed: true }).waitFor();
    await main.getByRole('article', { name: 'Weite Bundfaltenhose' }).waitFor();
    expect(await main.getByRole('button', { name: /Röcke/ }).count()).toBe(0);

    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Suche' });
    await search.fill('Hose');
    await search.press('Enter');
    await page.waitForURL('**/products?q=Hose');
    await main.getByRole('article', { name: 'Weite Bundfaltenhose' }).waitFor();
    await main.getByRole('article', { name: 'Leinenhose mit Tunnelzug' }).waitFor();

    const oneSize: string[][] = [];
    for (const spelling of ['Groesse', 'Grösse']) {
      await search.fill(spelling);
      await search.press('Enter');
      await page.waitForURL(`**/products?q=${encodeURIComponent(spelling)}`);
      await main.getByRole('heading', { level: 1, name: new RegExp(spelling) }).waitFor();
      await main.getByRole('article', { name: BEANIE.de }).waitFor();
      oneSize.push(await main.getByRole('article').getByRole('heading').allTextContents());
    }
    expect(oneSize[0]).toEqual(oneSize[1]);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the cart and the checkout in the language the shopper switches to', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await openProduct(page, TEE.path, TEE.en);
    await addToCart(page, { color: 'Black', size: 'M' });

    await switchLanguage(page, 'Deutsch');
    await page.goto('/cart');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: TEE.de }).waitFor();
    expect(await main.getByText('Schwarz', { exact: true }).isVisible()).toBe(true);

    await page.goto('/checkout');
    const summary = main.getByRole('region', { name: 'Bestellübersicht' });
    await summary.getByText(TEE.de).waitFor();
    expect(await summary.getByText('Schwarz', { exact: true }).isVisible()).toBe(true);

    await switchLanguage(page, 'English');
    const englishSummary = main.getByRole('region', { name: 'Order Summary' });
    await englishSummary.getByText(TEE.en).waitFor();
    expect(await englishSummary.getByText('Black', { exact: true }).isVisible()).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a signed-in shopper's wishlist in German", async () => {
    const shopper = await signUpShopper(shop);
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    await openProduct(page, BEANIE.path, BEANIE.en);
    await page
      .getByRole('main')
      .getByRole('button', { name: /wishlist$/ })
      .click();
    await eventually(() =>
      page
        .getByRole('main')
        .getByRole('button', { name: /wishlist$/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await switchLanguage(page, 'Deutsch');
    await page.goto('/wishlist');
    const main = page.getByRole('main');
    await main.getByRole('article', { name: BEANIE.de }).waitFor();
    expect(await main.getByRole('article', { name: BEANIE.en }).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
