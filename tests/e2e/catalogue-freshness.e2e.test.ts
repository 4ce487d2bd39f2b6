/**
 * A shopper who comes back to the catalogue sees it as it is now, not the browser's copy of it
 * (issue 25, item 8). The catalogue's answers may be served stale-while-revalidate for 5 minutes
 * so the edge never keeps a shopper waiting; browsers honour that directive too, so unless the
 * app asks past its HTTP cache, a shopper who returns within those minutes is shown the old
 * answer while a new one is fetched in the background for nobody (a request that Playwright and
 * DevTools see answered but never finished, so the page never settles).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import { aProduct } from '../fixtures/products';
import { browserForSuite, eventually, languageSwitcher, localTable } from './browser';

const shop = inject('shop');
const db = localTable(shop);
const catalogue = createProductRepository(db, () => shop.tableName);
const arranged: string[] = [];

const browser = browserForSuite(shop.webUrl);

afterAll(async () => {
  await Promise.all(
    arranged.map((id) => db.send(new DeleteCommand({ TableName: shop.tableName, Key: keys.product(id) }))),
  );
  db.destroy();
});

/** A product of this test's own in the shop (no translations: German pages show its English name). */
async function arrangeProduct(name: string): Promise<Product> {
  const id = `e2e-fresh-${randomUUID().slice(0, 8)}`;
  const product = aProduct({
    id,
    name,
    description: 'Arranged by the catalogue freshness journey',
    // A seeded product's picture, so the page requests nothing that is missing.
    images: ['/images/products/essential-organic-tee-1.svg'],
    createdAt: new Date().toISOString(),
  });
  await catalogue.put(product);
  arranged.push(id);
  return product;
}

async function switchLanguage(page: Page, language: 'English' | 'Deutsch'): Promise<void> {
  const button = languageSwitcher(page).getByRole('button', { name: language });
  await button.click();
  await eventually(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('the catalogue a shopper comes back to', () => {
  it('shows a product by its new name, not the name the browser saw a moment ago', async () => {
    const suffix = randomUUID().slice(0, 8);
    const before = `Fresh Tee ${suffix}`;
    const after = `Renamed Tee ${suffix}`;
    const product = await arrangeProduct(before);
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    const main = page.getByRole('main');

    // The German list is asked for when the shopper switches: the browser stores that answer.
    await page.goto('/products');
    await switchLanguage(page, 'Deutsch');
    await main.getByRole('article', { name: before, exact: true }).waitFor();

    await catalogue.put({ ...product, name: after });

    // Back to English, the page loaded anew, then German again: the app asks for the German list again.
    await switchLanguage(page, 'English');
    await page.goto('/products');
    await switchLanguage(page, 'Deutsch');
    await main.getByRole('article', { name: after, exact: true }).waitFor();
    expect(await main.getByRole('article', { name: before, exact: true }).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
