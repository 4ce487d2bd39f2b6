/**
 * One origin (the "Speed" issue): the page carries its runtime config in the HTML, so nothing is
 * fetched before the first render, and the API lives under the site's own `/api/*`, so a
 * signed-in journey makes no CORS preflight and talks to no other origin but Cognito.
 *
 * Requests are watched through the DevTools protocol, which (unlike Playwright's request events)
 * also reports CORS preflights; Amplify's own preflight to Cognito proves that it does.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, expectToast, signInThroughUi, signUpShopper } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const TEE = { id: 'essential-organic-tee', name: 'Essential Organic Tee' };

interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  /** The DevTools resource type: Document, Fetch, Image, Preflight, Other ... */
  readonly type: string;
  readonly authorization: boolean;
}

/** Every request the page sends from now on, CORS preflights included. */
async function watchRequests(page: Page): Promise<SeenRequest[]> {
  const seen: SeenRequest[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return; // data: and blob: URLs
    seen.push({
      method: event.request.method,
      url,
      type: event.type ?? 'Other',
      authorization: Object.keys(event.request.headers).some((name) => name.toLowerCase() === 'authorization'),
    });
  });
  await cdp.send('Network.enable');
  return seen;
}

const describeRequest = (request: SeenRequest) => `${request.type} ${request.method} ${request.url.href}`;

describe('one origin', () => {
  it('serves the runtime config inside the HTML of every page, with the API on this origin', async () => {
    for (const path of ['/', '/products', '/product/essential-organic-tee']) {
      const html = await (await fetch(`${shop.webUrl}${path}`)).text();
      const match = /<script id="runtime-config" type="application\/json">([^<]*)<\/script>/.exec(html);
      expect(match, path).not.toBeNull();
      expect(JSON.parse(match?.[1] as string)).toMatchObject({
        apiUrl: '/api',
        userPoolId: shop.userPoolId,
        userPoolClientId: shop.userPoolClientId,
      });
    }
  });

  it('browses, signs in and saves to the wishlist with every API call on /api/*: no preflight, no other origin but Cognito', async () => {
    const shopper = await signUpShopper(shop);
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    const requests = await watchRequests(page);
    const site = new URL(shop.webUrl).origin;
    const cognito = new URL(shop.cognitoEndpoint).origin;

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL('**/products');
    const card = page.getByRole('main').getByRole('article', { name: TEE.name });
    await card.waitFor();
    await card.getByRole('link').first().click();
    await page.waitForURL(`**/product/${TEE.id}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: TEE.name }).waitFor();

    await signInThroughUi(page, shopper);
    await page.getByRole('banner').getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL('**/products');
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expectToast(page, 'Added to wishlist');
    await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL('**/wishlist');
    await page.getByRole('main').getByRole('article', { name: TEE.name }).waitFor();

    const calls = requests.filter((request) => request.type === 'Fetch' || request.type === 'XHR');
    const apiCalls = calls.filter((request) => request.url.origin === site);
    const paths = apiCalls.map((request) => `${request.method} ${request.url.pathname}`);
    // The catalogue, the product, the account and the wishlist: all under /api on the site's origin.
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/products',
        `GET /api/products/${TEE.id}`,
        'GET /api/me',
        'GET /api/wishlist',
        `PUT /api/wishlist/${TEE.id}`,
      ]),
    );
    expect(
      apiCalls.every((request) => request.url.pathname.startsWith('/api/')),
      paths.join('\n'),
    ).toBe(true);
    // The signed-in calls carry the token, on the same origin.
    expect(apiCalls.find((request) => request.method === 'PUT')?.authorization).toBe(true);

    // Nothing the page sends (fetches, documents, images, preflights) goes anywhere but the site
    // and Cognito: not the gateway's own port, and no config file is asked for.
    const elsewhere = requests.filter((request) => request.url.origin !== site && request.url.origin !== cognito);
    expect(elsewhere.map(describeRequest)).toEqual([]);
    expect(requests.some((request) => request.url.origin === new URL(shop.apiUrl).origin)).toBe(false);
    expect(requests.filter((request) => request.url.pathname === '/config.json').map(describeRequest)).toEqual([]);

    // No preflight (OPTIONS) to the site; the one kind there is goes to Cognito, which shows the
    // watch would see one.
    const preflights = requests.filter((request) => request.method === 'OPTIONS' || request.type === 'Preflight');
    expect(preflights.filter((request) => request.url.origin !== cognito).map(describeRequest)).toEqual([]);
    expect(preflights.some((request) => request.url.origin === cognito)).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });
});
