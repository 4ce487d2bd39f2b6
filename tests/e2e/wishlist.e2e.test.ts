/**
 * The wishlist is for signed-in shoppers only (spec §6), kept on the server per shopper, and
 * reloaded on every change of who is signed in (spec §4): the hearts on the catalogue, the
 * /wishlist page, sign-out, and a second shopper on the same browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, eventually, expectToast, signInThroughUi, signUpShopper } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const TEE = { id: 'essential-organic-tee', name: 'Essential Organic Tee' };
const COAT = { id: 'tailored-wool-coat', name: 'Tailored Wool Coat' };

const card = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name });
const heart = (page: Page, name: string) => card(page, name).getByRole('button', { name: /wishlist$/ });

async function openCatalogue(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Shop' }).click();
  await page.waitForURL('**/products');
  await card(page, TEE.name).waitFor();
}

async function openWishlist(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
  await page.waitForURL('**/wishlist');
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Wishlist' }).waitFor();
}

/** The saved products as the page lists them: name and where the card leads. */
async function listedProducts(page: Page): Promise<[string, string | null][]> {
  const listed: [string, string | null][] = [];
  for (const article of await page.getByRole('main').getByRole('article').all()) {
    const name = (await article.getByRole('heading').textContent())?.trim() ?? '';
    listed.push([name, await article.getByRole('link').getAttribute('href')]);
  }
  return listed;
}

async function expectSignInPrompt(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Sign in to see your wishlist' }).waitFor();
  expect(await main.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/auth');
  expect(await main.getByRole('article').count()).toBe(0);
}

describe('the wishlist', () => {
  it('asks a signed-out shopper to sign in', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto('/');
    await openCatalogue(page);

    await heart(page, TEE.name).click();
    await expectToast(page, 'Please sign in', 'You need to be signed in to add items to your wishlist');
    expect(await heart(page, TEE.name).getAttribute('aria-pressed')).toBe('false');
    expect(await heart(page, TEE.name).getAttribute('aria-label')).toBe('Add to wishlist');

    await openWishlist(page);
    await expectSignInPrompt(page);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps each shopper’s saved products on the server, across reloads and sign-outs', async () => {
    const [first, second] = await Promise.all([signUpShopper(shop, 'Lea'), signUpShopper(shop, 'Nico')]);
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });

    await signInThroughUi(page, first);
    await openCatalogue(page);
    for (const product of [TEE, COAT]) {
      await heart(page, product.name).click();
      await expectToast(page, 'Added to wishlist');
      // The heart follows the wishlist as the server has it, a moment after the toast.
      await eventually(() => heart(page, product.name).getAttribute('aria-pressed')).toBe('true');
      expect(await heart(page, product.name).getAttribute('aria-label')).toBe('Remove from wishlist');
    }

    await openWishlist(page);
    await card(page, COAT.name).waitFor();
    expect((await listedProducts(page)).sort()).toEqual([
      [TEE.name, `/product/${TEE.id}`],
      [COAT.name, `/product/${COAT.id}`],
    ]);
    expect(await page.getByRole('main').getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(
      '/products',
    );

    await heart(page, TEE.name).click();
    await expectToast(page, 'Removed from wishlist');
    await eventually(() => card(page, TEE.name).count()).toBe(0);

    // What the server keeps, not what this page remembers.
    await page.reload();
    await card(page, COAT.name).waitFor();
    expect(await listedProducts(page)).toEqual([[COAT.name, `/product/${COAT.id}`]]);
    await openCatalogue(page);
    await eventually(() => heart(page, COAT.name).getAttribute('aria-pressed')).toBe('true');
    expect(await heart(page, TEE.name).getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed out successfully', 'You have been logged out.');
    await page.waitForURL('**/auth');
    await openWishlist(page);
    await expectSignInPrompt(page);

    // Someone else on the same browser sees their own, empty, list: nothing of the first shopper's.
    await signInThroughUi(page, second);
    await openWishlist(page);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your wishlist is empty' }).waitFor();
    expect(await main.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
    expect(await main.getByRole('article').count()).toBe(0);
    await openCatalogue(page);
    expect(await heart(page, COAT.name).getAttribute('aria-pressed')).toBe('false');

    expect(problems).toEqual([]);
    await context.close();
  });
});
