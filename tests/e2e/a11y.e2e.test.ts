/**
 * Accessibility: axe-core's WCAG 2.2 AA rules on every storefront page in both languages and
 * both themes, and the keyboard paths axe cannot judge (skip link, the size-guide dialog, the
 * mobile menu). A violation is reported with its rule, impact, element and axe's summary, so
 * it can be fixed without re-running anything.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { addToCart, browserForSuite, eventually, settle, signInThroughUi, signUpShopper } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** The same finding on many pages (a header control) is one entry, naming every page it is on. */
function report(findings: { where: string; rule: string; detail: string }[]): string[] {
  const byFinding = new Map<string, string[]>();
  for (const { where, rule, detail } of findings) {
    const key = `${rule}\n    at ${detail}`;
    byFinding.set(key, [...(byFinding.get(key) ?? []), where]);
  }
  return [...byFinding].map(([finding, pages]) => `${finding}\n    on ${pages.join(', ')}`);
}

function expectNoViolations(lines: string[]): void {
  if (lines.length > 0) console.error(`axe found ${lines.length} violation(s):\n${lines.join('\n')}`);
  expect(lines).toEqual([]);
}

interface Route {
  path: string;
  /** What must be on screen before the page is judged (data that arrives after the heading). */
  ready?: (main: Locator) => Locator;
}

const HOME: Route = { path: '/', ready: (main) => main.getByRole('article').first() };
const PRODUCT: Route = { path: '/product/essential-organic-tee', ready: (main) => main.getByRole('radio').first() };

const ROUTES: Route[] = [
  HOME,
  { path: '/products', ready: (main) => main.getByRole('article').first() },
  // Sorted and filtered, filtered to nothing, and a search without results with its suggestions.
  { path: '/products?sort=price-asc&color=Black', ready: (main) => main.getByRole('article').first() },
  {
    path: '/products?color=Cognac&size=M',
    ready: (main) => main.getByRole('button', { name: /^(Clear filters|Filter zurücksetzen)$/ }),
  },
  { path: '/products?q=tuxedo', ready: (main) => main.getByRole('article').first() },
  PRODUCT,
  { path: '/about' },
  { path: '/contact' },
  { path: '/cart' },
  { path: '/checkout' },
  { path: '/wishlist' },
  { path: '/auth', ready: (main) => main.getByRole('tab').first() },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/size-guide' },
  { path: '/shipping-returns' },
  { path: '/faq' },
  { path: '/this-page-does-not-exist' },
];

async function openAndSettle(page: Page, route: Route): Promise<void> {
  await page.goto(route.path);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).first().waitFor();
  await route.ready?.(main).waitFor();
  await settle(page);
}

describe('axe: WCAG 2.2 AA on every page', () => {
  const combinations = [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'de', theme: 'light' },
    { language: 'de', theme: 'dark' },
  ] as const;

  it.each(combinations)('$language, $theme theme', async ({ language, theme }) => {
    const { page, context, problems } = await browser.openShop({
      colorScheme: theme,
      storage: { language, 'vite-ui-theme': theme },
    });
    const findings: { where: string; rule: string; detail: string }[] = [];
    for (const route of ROUTES) {
      await openAndSettle(page, route);
      // Judge the page that was asked for: in this language and really in this theme.
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.locator('html').getAttribute('class')).toContain(theme);
      for (const finding of await axeViolations(page)) findings.push({ where: route.path, ...finding });
    }
    expectNoViolations(report(findings));
    // The not-found page comes with its 404 status, which Chromium logs.
    expect(problems.filter((problem) => !/status of 404.*\/this-page-does-not-exist\)/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('axe: the states a shopper brings about', () => {
  // Errors, toasts and filled-in lists are drawn only after an action: judge them too.
  it.each(['light', 'dark'] as const)('%s theme', async (theme) => {
    const { page, context, problems } = await browser.openShop({
      colorScheme: theme,
      storage: { 'vite-ui-theme': theme },
    });
    const findings: { where: string; rule: string; detail: string }[] = [];
    const judge = async (where: string) => {
      await settle(page);
      for (const finding of await axeViolations(page)) findings.push({ where, ...finding });
    };
    const main = page.getByRole('main');

    await openAndSettle(page, PRODUCT);
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await main.getByRole('group', { name: 'Size' }).getByText('Please select a size').waitFor();
    await judge('product page, size missing, with its toast');

    await main.getByRole('radio', { name: 'M', exact: true }).check();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await main.getByRole('region', { name: 'Order Summary' }).waitFor();
    await judge('cart with a line');

    await page.goto('/checkout');
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await main.getByText('Please fill in all required fields').waitFor();
    await judge('checkout with missing fields');
    await main.getByLabel('Promo code', { exact: true }).fill('SUMMER25');
    await main.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The promo code is not valid or has expired.').first().waitFor();
    await judge('checkout with an invalid promo code and its toast');

    await page.goto(`/order-confirmation/${await paidSessionId()}`);
    await main.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' }).waitFor();
    await main.getByText('Your payment was received and your order is confirmed.').waitFor();
    await judge('order confirmation of a paid order');

    await page.goto('/contact');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await main.getByRole('alert').waitFor();
    await judge('contact form with missing fields');

    await page.goto('/faq');
    const questions = main.getByRole('button', { expanded: false });
    await questions.first().waitFor();
    while ((await questions.count()) > 0) await questions.first().click();
    await judge('FAQ with every answer open');

    await page.goto('/auth');
    await main.getByRole('tab', { name: 'Sign Up' }).click();
    await main.getByLabel('Confirm Password').waitFor();
    await judge('sign-up form');

    expectNoViolations(report(findings));
    // The inactive code's 404 is the answer the page asked for, not a broken request.
    expect(problems.filter((problem) => !problem.includes('/promo-codes/SUMMER25'))).toEqual([]);
    await context.close();
  });
});

describe('axe: the customer account', () => {
  it.each(['light', 'dark'] as const)('every /dashboard tab, %s theme', async (theme) => {
    const shopper = await signUpShopper(shop);
    const { page, context, problems } = await browser.openShop({
      colorScheme: theme,
      storage: { 'vite-ui-theme': theme },
    });
    await signInThroughUi(page, shopper);
    const findings: { where: string; rule: string; detail: string }[] = [];
    const judge = async (where: string) => {
      await settle(page);
      for (const finding of await axeViolations(page)) findings.push({ where, ...finding });
    };
    const main = page.getByRole('main');
    await main.getByText('No orders yet').waitFor();
    await judge('orders tab, empty');

    await main.getByRole('tab', { name: 'Addresses' }).click();
    await main.getByRole('button', { name: 'Add address' }).click();
    await main.getByRole('button', { name: 'Save address' }).click();
    await main.getByText('Please check the highlighted fields.').waitFor();
    await judge('addresses tab, a new address with missing fields');
    await main.getByLabel('First Name', { exact: true }).fill('Lea');
    await main.getByLabel('Last Name', { exact: true }).fill('Meier');
    await main.getByLabel('Address', { exact: true }).fill('Seestrasse 4');
    await main.getByLabel('ZIP Code', { exact: true }).fill('6004');
    await main.getByLabel('City', { exact: true }).fill('Luzern');
    await main.getByRole('button', { name: 'Save address' }).click();
    await main.getByText('Default', { exact: true }).waitFor();
    await judge('addresses tab with the default address');

    // The saved address offered at checkout, and then an order of the customer's in the Orders tab.
    await page.goto('/product/essential-organic-tee');
    await addToCart(page, { size: 'M', color: 'Black' });
    await page.goto('/checkout');
    await main.getByRole('group', { name: 'Ship to' }).waitFor();
    await judge('checkout with a saved address chosen');
    const idToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    await paidSessionId(idToken ?? undefined);
    await page.goto('/dashboard');
    await main.getByRole('article', { name: /^Order / }).waitFor();
    await judge('orders tab with an order');

    await main.getByRole('tab', { name: 'Profile' }).click();
    await main.getByRole('group', { name: 'Language of our emails' }).waitFor();
    await judge('profile tab');
    await main.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await judge('the delete-account dialog');

    expectNoViolations(report(findings));
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * An order placed and paid through the API and the Stripe stand-in's page, as its session id;
 * the signed-in customer's when given their ID token.
 */
async function paidSessionId(idToken?: string): Promise<string> {
  const response = await fetch(`${shop.apiUrl}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({
      lines: [{ productId: 'oxford-button-down-shirt', size: 'M', color: 'Pale Blue', quantity: 1 }],
      customer: {
        email: `a11y-${Date.now()}@example.ch`,
        firstName: 'Anna',
        lastName: 'Muster',
        address: 'Bahnhofstrasse 1',
        city: 'Zürich',
        zipCode: '8001',
        country: 'CH',
      },
      promoCode: 'LINEA20',
      locale: 'en',
    }),
  });
  const { url, sessionId } = (await response.json()) as { url: string; sessionId: string };
  const form = new URLSearchParams({
    action: 'pay',
    name: 'Anna Muster',
    line1: 'Bahnhofstrasse 1',
    postal_code: '8001',
    city: 'Zürich',
  });
  await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  return sessionId;
}

/** The name a screen reader would start with for the focused element (label, else its text). */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim();
  });
}

/** Whether keyboard focus is inside `container`. */
async function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

describe('keyboard', () => {
  it('reaches the skip link first, shows it, and it moves focus to the main content', async () => {
    const { page, context, problems } = await browser.openShop();
    await openAndSettle(page, HOME);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    // A sighted keyboard user must see where focus is (WCAG 2.4.7), not a 1-pixel clip.
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(20);
    expect(box?.height ?? 0).toBeGreaterThan(10);

    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await eventually(() => main.evaluate((element) => element === document.activeElement)).toBe(true);
    // The next Tab continues inside the content, past the header.
    await page.keyboard.press('Tab');
    expect(await focusInside(main)).toBe(true);
    expect(await focusedName(page)).toBe('Shop the Collection');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('traps focus in the size guide and returns it to the "Size Guide" button on Escape', async () => {
    const { page, context, problems } = await browser.openShop();
    await openAndSettle(page, PRODUCT);
    const opener = page.getByRole('main').getByRole('button', { name: 'Size Guide' });

    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Size Guide' });
    await dialog.waitFor();
    await settle(page);
    expect(await focusInside(dialog)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `focus after ${key}`).toBe(true);
    }
    expect(await dialog.getByRole('table', { name: 'Tops: chest measurements' }).count()).toBe(1);
    // Judged now, asserted last: a finding here must not hide how the keyboard behaves.
    const findings = (await axeViolations(page)).map((finding) => ({ where: 'size guide', ...finding }));

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    // The close button does the same.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close size guide' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    expectNoViolations(report(findings));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens, traps, closes and follows links in the mobile menu by keyboard at 375 px', async () => {
    const { page, context, problems } = await browser.openShop({ viewport: { width: 375, height: 812 } });
    await openAndSettle(page, HOME);
    // includeHidden: while the menu is open, Radix hides the page behind it from assistive
    // technology, and the button's aria-expanded is still to be read there.
    const opener = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    // At this width the pages live in the menu, not in the header.
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await settle(page);
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await focusInside(menu)).toBe(true);
    // More presses than the menu has stops: focus must wrap around inside it.
    for (let press = 0; press < 30; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(menu), `focus after ${press + 1} Tab presses`).toBe(true);
    }
    // Judged now, asserted last: a finding here must not hide how the keyboard behaves.
    const findings = (await axeViolations(page)).map((finding) => ({ where: 'mobile menu', ...finding }));

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    // Open with Space this time, go to About with Tab, follow it with Enter: the menu closes.
    await page.keyboard.press('Space');
    await menu.waitFor();
    const about = menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    for (let press = 0; press < 20; press += 1) {
      if (await about.evaluate((link) => link === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await about.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'A single line, drawn with care' }).waitFor();

    expectNoViolations(report(findings));
    expect(problems).toEqual([]);
    await context.close();
  });
});
