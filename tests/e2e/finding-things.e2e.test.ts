/**
 * Finding things (issue 9, item 5), in English and German: /products sorts and filters by colour
 * and size with everything in the URL, so a reload or a shared link shows the same list; "Back to
 * Products" returns to that list; a search without results offers the categories and a few
 * products; and on a phone the category buttons scroll sideways with a hint that more are there.
 *
 * The expected lists come from the API's own answer, arranged with the same shared functions the
 * page uses, so the journeys hold whatever stock earlier journeys in the run have sold.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import { filterProducts, sortProducts } from '@linea/shared/domain/catalogue-view';
import { browserForSuite, eventually, settle, type ShopOptions } from './browser';
import { axeFindingLines } from './axe';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

type Language = 'en' | 'de';

/** The words a shopper reads, written out rather than taken from the dictionaries. */
const TEXT = {
  en: {
    sortBy: 'Sort by',
    priceUp: 'Price: low to high',
    color: 'Color',
    size: 'Size',
    black: 'Black',
    products: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
    categories: 'Filter by category',
    bottoms: 'Bottoms',
    accessories: 'Accessories',
    back: 'Back to Products',
    query: 'tuxedo',
    noResults: 'No products found for "tuxedo".',
    browseCategories: 'Browse by category',
    categoryLinks: ['Basics', 'Outerwear', 'Bottoms', 'Accessories'],
    suggestedProducts: 'You might like',
  },
  de: {
    sortBy: 'Sortieren nach',
    priceUp: 'Preis aufsteigend',
    color: 'Farbe',
    size: 'Grösse',
    black: 'Schwarz',
    products: (count: number) => `${count} ${count === 1 ? 'Produkt' : 'Produkte'}`,
    categories: 'Nach Kategorie filtern',
    bottoms: 'Hosen',
    accessories: 'Accessoires',
    back: 'Zurück zu den Produkten',
    query: 'Smoking',
    noResults: 'Keine Produkte für «Smoking» gefunden.',
    browseCategories: 'Nach Kategorie stöbern',
    categoryLinks: ['Basics', 'Oberbekleidung', 'Hosen', 'Accessoires'],
    suggestedProducts: 'Das könnte Ihnen gefallen',
  },
} as const;

/** The in-stock catalogue as the API lists it, in the page's language. */
async function catalogue(language: Language): Promise<ProductDto[]> {
  const response = await fetch(`${shop.apiUrl}/products?lang=${language}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { items: ProductDto[] }).items;
}

const namesOf = (products: readonly ProductDto[]) => products.map((product) => product.name);

/** The product names on the page, in order. */
function names(main: Locator): Promise<string[]> {
  return main.getByRole('article').getByRole('heading').allTextContents();
}

async function openList(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const main = page.getByRole('main');
  await main.getByRole('article').first().waitFor();
  return main;
}

/** The path and query of the page, as a shared link would carry them. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe.each(['en', 'de'] as const)('finding things (%s)', (language) => {
  const text = TEXT[language];
  const open = (options: ShopOptions = {}) =>
    browser.openShop({ reducedMotion: 'reduce', storage: { language }, ...options });

  it('sorts by price, low to high: the order and the URL change', async () => {
    const { page, context, problems } = await open();
    const items = await catalogue(language);
    const main = await openList(page, '/products');
    expect(await names(main)).toEqual(namesOf(sortProducts(items, 'featured')));

    await main.getByRole('combobox', { name: text.sortBy }).selectOption({ label: text.priceUp });
    await page.waitForURL('**/products?sort=price-asc');
    await eventually(() => names(main)).toEqual(namesOf(sortProducts(items, 'price-asc')));
    // What the shopper reads: every price at most the next one.
    const prices = (await main.getByRole('article').getByText(/^CHF/).allTextContents()).map((price) =>
      Number(price.replace(/\D/g, '')),
    );
    expect(prices).toHaveLength(items.length);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // A shared link opens the same order.
    await page.reload();
    await main.getByRole('article').first().waitFor();
    expect(await names(main)).toEqual(namesOf(sortProducts(items, 'price-asc')));
    expect(await main.getByRole('combobox', { name: text.sortBy }).inputValue()).toBe('price-asc');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('narrows the list by colour and size, and the URL reloads to the same list', async () => {
    const { page, context, problems } = await open();
    const items = await catalogue(language);
    const expected = namesOf(sortProducts(filterProducts(items, { color: 'Black', size: 'M' }), 'featured'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(items.length);
    const main = await openList(page, '/products');
    await main.getByText(text.products(items.length), { exact: true }).waitFor();

    await main.getByRole('combobox', { name: text.color }).selectOption({ label: text.black });
    await page.waitForURL('**/products?color=Black');
    await main.getByRole('combobox', { name: text.size, exact: true }).selectOption({ label: 'M' });
    await page.waitForURL('**/products?color=Black&size=M');
    await eventually(() => names(main)).toEqual(expected);
    // The count is a polite live region: announced without moving focus.
    expect(await main.getByRole('status').textContent()).toBe(text.products(expected.length));

    await page.reload();
    await main.getByRole('article').first().waitFor();
    expect(await names(main)).toEqual(expected);
    expect(await main.getByRole('combobox', { name: text.color }).inputValue()).toBe('Black');
    expect(await main.getByRole('combobox', { name: text.size, exact: true }).inputValue()).toBe('M');
    expect(here(page)).toBe('/products?color=Black&size=M');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('returns from a product to the filtered list, also after the product page was reloaded', async () => {
    const { page, context, problems } = await open();
    const items = await catalogue(language);
    const list = '/products?category=bottoms&sort=price-desc&color=Black';
    const expected = namesOf(
      sortProducts(
        filterProducts(
          items.filter((item) => item.categoryId === 'bottoms'),
          { color: 'Black' },
        ),
        'price-desc',
      ),
    );
    expect(expected.length).toBeGreaterThan(1);
    const main = await openList(page, list);
    expect(await names(main)).toEqual(expected);

    await main.getByRole('article').first().getByRole('link').click();
    await page.waitForURL('**/product/**');
    await main.getByRole('heading', { level: 1, name: expected[0], exact: true }).waitFor();
    await page.reload();
    await main.getByRole('heading', { level: 1, name: expected[0], exact: true }).waitFor();

    await main.getByRole('link', { name: text.back }).click();
    await page.waitForURL(`**${list}`);
    await main.getByRole('article').first().waitFor();
    expect(await names(main)).toEqual(expected);
    expect(await main.getByRole('button', { name: text.bottoms, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await main.getByRole('combobox', { name: text.color }).inputValue()).toBe('Black');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('suggests the categories and a few products when a search finds nothing', async () => {
    const { page, context, problems } = await open();
    const items = await catalogue(language);
    await page.goto(`/products?q=${text.query}`);
    const main = page.getByRole('main');
    await main.getByText(text.noResults, { exact: true }).waitFor();

    const categories = main.getByRole('region', { name: text.browseCategories });
    const links = categories.getByRole('link');
    expect(await links.allTextContents()).toEqual(text.categoryLinks);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([
      '/products?category=basics',
      '/products?category=outerwear',
      '/products?category=bottoms',
      '/products?category=accessories',
    ]);

    const suggested = main.getByRole('region', { name: text.suggestedProducts });
    await suggested.getByRole('article').first().waitFor();
    // Featured first, from the whole catalogue.
    expect(await names(suggested)).toEqual(namesOf(sortProducts(items, 'featured').slice(0, 3)));

    // A suggested category is one tap away.
    await links.nth(2).click();
    await page.waitForURL('**/products?category=bottoms');
    await main.getByRole('button', { name: text.bottoms, exact: true, pressed: true }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('scrolls the category buttons sideways on a 360 × 740 phone, with a hint only while more are hidden', async () => {
    // English in the light theme, German (the longer names) in the dark one.
    const theme = language === 'en' ? 'light' : 'dark';
    const { page, context, problems } = await open({
      viewport: { width: 360, height: 740 },
      touch: true,
      colorScheme: theme,
      storage: { language, 'vite-ui-theme': theme },
    });
    const main = await openList(page, '/products');
    await settle(page);
    const row = main.getByRole('group', { name: text.categories });
    const buttons = row.getByRole('button');

    // One row, wider than the screen, scrolling by itself: the page does not scroll sideways.
    const tops = await buttons.evaluateAll((all) =>
      all.map((button) => Math.round(button.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    const { scrollWidth, clientWidth, overflowX } = await row.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
    }));
    expect(overflowX).toBe('auto');
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The hint is decorative (aria-hidden) and has no role to find it by: its class names it.
    const moreAfter = page.locator('.category-more-end');
    const moreBefore = page.locator('.category-more-start');
    // Measured by the app once it has taken the page over (the server cannot know the width).
    await eventually(() => moreAfter.isVisible()).toBe(true);
    expect(await moreBefore.isVisible()).toBe(false);
    const hint = (await moreAfter.boundingBox())!;
    expect(hint.x + hint.width).toBeLessThanOrEqual(360);
    expect(hint.x + hint.width).toBeGreaterThan(340);
    expect(await axeFindingLines(page)).toEqual([]);

    // By keyboard to the last category: it scrolls into view whole, and the hint moves to the start.
    const last = row.getByRole('button', { name: text.accessories, exact: true });
    await buttons.first().focus();
    for (let press = 0; press < 8; press += 1) {
      if (await last.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await last.evaluate((button) => button === document.activeElement)).toBe(true);
    await eventually(() => moreAfter.isVisible()).toBe(false);
    expect(await moreBefore.isVisible()).toBe(true);
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.x).toBeGreaterThanOrEqual(0);
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(360);

    // Choosing it from the row works as before.
    await last.tap();
    await page.waitForURL('**/products?category=accessories');
    await eventually(() => last.getAttribute('aria-pressed')).toBe('true');

    // A tap on the hint at the start scrolls back; the hint at the end returns.
    await moreBefore.tap();
    await eventually(() => moreAfter.isVisible()).toBe(true);
    await eventually(() => moreBefore.isVisible()).toBe(false);

    expect(problems).toEqual([]);
    await context.close();
  });
});
