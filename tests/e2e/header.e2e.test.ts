/**
 * The header holds at every width: from a small phone (320 px) to a wide screen (1920 px), in
 * English and German, signed out and signed in, with a two-digit cart count, none of its parts
 * (wordmark, navigation, search, language, theme, wishlist, account, cart, menu button) overlaps
 * another, is cut off by the viewport or overflows its container, and the wordmark stays centred.
 * What is shown where is part of the design: a part that vanishes fails as well.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Locale } from '@linea/shared/domain/money';
import { dictionaries } from '@linea/shared/i18n/index';
import { browserForSuite, eventually, settle, signInThroughUi, signUpShopper, type ShopPage } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const WIDTHS = [320, 360, 768, 1024, 1280, 1440, 1920];
/** The layout's desktop breakpoint (64rem): the pages and tools come out of the menu. */
const DESKTOP = 1024;
const LOCALES: readonly Locale[] = ['en', 'de'];
const CART_COUNT = 12;

/** Twelve tees: the count needs two digits. */
const CART = JSON.stringify({
  state: {
    lines: [
      {
        id: 'essential-organic-tee',
        name: 'Essential Organic Tee',
        price: 4900,
        size: 'M',
        color: 'Black',
        image: '/images/products/essential-organic-tee.svg',
        quantity: CART_COUNT,
      },
    ],
  },
  version: 1,
});

type PartName = 'wordmark' | 'menu' | 'navigation' | 'search' | 'language' | 'theme' | 'wishlist' | 'account' | 'cart';

/** Each part of the header by its role and its name in `locale`. */
function headerParts(page: Page, locale: Locale, signedIn: boolean): Record<PartName, Locator> {
  const text = dictionaries[locale];
  const banner = page.getByRole('banner');
  const exact = { exact: true } as const;
  return {
    wordmark: banner.getByRole('link', { name: text.nav.homeLabel, ...exact }),
    menu: banner.getByRole('button', { name: text.header.menuOpen, ...exact }),
    navigation: banner.getByRole('navigation', { name: text.nav.mainLabel, ...exact }),
    // The field where there is room for it, else the button that opens it.
    search: banner.getByRole('search').or(banner.getByRole('button', { name: text.header.searchToggle, ...exact })),
    language: banner.getByRole('group', { name: text.language.label, ...exact }),
    theme: banner.getByRole('button', { name: text.theme.label, ...exact }),
    wishlist: banner.getByRole('link', { name: text.nav.wishlist, ...exact }),
    account: banner.getByRole('link', { name: signedIn ? text.nav.account : text.nav.signIn, ...exact }),
    cart: banner.getByRole('link', {
      name: text.header.cartLabel_other.replace('{{count}}', String(CART_COUNT)),
      ...exact,
    }),
  };
}

/** What the design shows at a width; everything else is in the mobile menu. */
function expectedParts(width: number): PartName[] {
  return width < DESKTOP
    ? ['menu', 'wordmark', 'search', 'cart']
    : ['navigation', 'wordmark', 'search', 'language', 'theme', 'wishlist', 'account', 'cart'];
}

interface Measured {
  name: PartName;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The part, or an element between it and the header, whose content is wider than its box. */
  overflowing: string[];
}

async function measure(name: PartName, part: Locator): Promise<Measured> {
  return part.evaluate((element, partName) => {
    const box = element.getBoundingClientRect();
    const overflowing: string[] = [];
    const header = element.closest('header');
    for (let node: Element | null = element; node && node !== header?.parentElement; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth) {
        overflowing.push(`${node.tagName.toLowerCase()}.${node.className} (${node.scrollWidth} > ${node.clientWidth})`);
      }
    }
    return { name: partName, left: box.left, right: box.right, top: box.top, bottom: box.bottom, overflowing };
  }, name);
}

/** Everything wrong with the header as it is drawn now, as sentences; none is the goal. */
async function headerProblems(page: Page, locale: Locale, signedIn: boolean, width: number): Promise<string[]> {
  const where = `${width} px, ${locale}, signed ${signedIn ? 'in' : 'out'}`;
  const parts = headerParts(page, locale, signedIn);
  const expected = expectedParts(width);
  const problems: string[] = [];
  const measured: Measured[] = [];
  for (const [name, part] of Object.entries(parts) as [PartName, Locator][]) {
    const visible = (await part.count()) === 1 && (await part.isVisible());
    if (visible !== expected.includes(name)) {
      problems.push(`${where}: ${name} is ${visible ? 'shown' : 'missing'}`);
    }
    if (visible) measured.push(await measure(name, part));
  }

  const viewport = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  if (viewport.scrollWidth > viewport.width) {
    problems.push(`${where}: the page scrolls sideways (${viewport.scrollWidth} > ${viewport.width})`);
  }
  // Half a pixel of rounding is not a collision.
  const EPSILON = 0.5;
  for (const part of measured) {
    if (part.left < -EPSILON || part.right > viewport.width + EPSILON) {
      problems.push(`${where}: ${part.name} is cut off by the viewport (${part.left}..${part.right})`);
    }
    for (const overflow of part.overflowing) problems.push(`${where}: ${part.name} overflows ${overflow}`);
  }
  for (const [index, a] of measured.entries()) {
    for (const b of measured.slice(index + 1)) {
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (width > EPSILON && height > EPSILON) {
        problems.push(`${where}: ${a.name} and ${b.name} overlap by ${Math.round(width)} px`);
      }
    }
  }
  const wordmark = measured.find((part) => part.name === 'wordmark');
  if (wordmark && Math.abs((wordmark.left + wordmark.right) / 2 - viewport.width / 2) > 1) {
    problems.push(`${where}: the wordmark is off centre (${wordmark.left}..${wordmark.right})`);
  }
  return problems;
}

/** Every width, in both languages, on the page the shop is on now. */
async function problemsAtEveryWidth(shopPage: ShopPage, signedIn: boolean): Promise<string[]> {
  const { page } = shopPage;
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await page.evaluate((language) => localStorage.setItem('language', language), locale);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A choice stored without the cookie (as here) comes once the app has taken the page over.
    await eventually(() => page.locator('html').getAttribute('lang')).toBe(locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      problems.push(...(await headerProblems(page, locale, signedIn, width)));
    }
  }
  return problems;
}

describe('the header', () => {
  it('holds at every width from 320 to 1920 px in English and German, signed out', async () => {
    const shopPage = await browser.openShop({
      reducedMotion: 'reduce',
      storage: { 'linea-cart': CART },
    });
    await shopPage.page.goto('/about');
    expect(await problemsAtEveryWidth(shopPage, false)).toEqual([]);
    expect(shopPage.problems).toEqual([]);
    await shopPage.context.close();
  });

  it('holds at every width from 320 to 1920 px in English and German, signed in', async () => {
    const shopPage = await browser.openShop({
      reducedMotion: 'reduce',
      storage: { 'linea-cart': CART },
    });
    await signInThroughUi(shopPage.page, await signUpShopper(shop));
    expect(await problemsAtEveryWidth(shopPage, true)).toEqual([]);
    expect(shopPage.problems).toEqual([]);
    await shopPage.context.close();
  });

  it('opens the search under the header where the field folds into a button, and searches', async () => {
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      viewport: { width: DESKTOP, height: 800 },
      storage: { 'linea-cart': CART, language: 'de' },
    });
    await page.goto('/about');
    const banner = page.getByRole('banner');
    const toggle = banner.getByRole('button', { name: 'Im Shop suchen', exact: true });
    await toggle.click();
    // A click before the app has taken the page over is answered once it has.
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const field = banner.getByRole('searchbox', { name: 'Suche', exact: true });
    await field.waitFor();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);

    // The field has a row of its own: below every part of the header's row, covering none.
    await settle(page);
    const fieldBox = (await field.boundingBox())!;
    const row = { ...headerParts(page, 'de', false), search: toggle };
    for (const [name, part] of Object.entries(row)) {
      if (!(await part.isVisible())) continue;
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, `${name} above the search field`).toBeLessThanOrEqual(fieldBox.y);
    }

    await field.fill('Mantel');
    await field.press('Enter');
    await page.waitForURL('**/products?q=Mantel');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a phone shopper search from the header without opening the menu, in German', async () => {
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      viewport: { width: 360, height: 740 },
      touch: true,
      storage: { language: 'de' },
    });
    await page.goto('/about');
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Menü öffnen', exact: true });
    await banner.getByRole('button', { name: 'Im Shop suchen', exact: true }).tap();
    const field = banner.getByRole('searchbox', { name: 'Suche', exact: true });
    await field.fill('Hose');
    await field.press('Enter');

    await page.waitForURL('**/products?q=Hose');
    await page.getByRole('heading', { level: 1, name: /Hose/ }).waitFor();
    await page
      .getByRole('link', { name: /Weite Bundfaltenhose/ })
      .first()
      .waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });
});
