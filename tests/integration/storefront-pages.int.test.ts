/**
 * The storefront's prerendered pages on the local cloud, as a shopper's browser gets them from
 * the web server (CloudFront's place): every page path is HTML that already holds its content,
 * in the visitor's language, and an admin's change to a product is in that HTML within seconds,
 * through the event-driven path (ProductSaved → the pages function → the site bucket), with
 * exactly the changed pages invalidated at the CloudFront stand-in.
 */
import type { AdminProductDto, ProductInput } from '@linea/shared/contracts/products';
import { formatChf as formatWithSpaces } from '@linea/shared/domain/money';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedInvalidation } from '../../infra/local/cloudfront';
import { api, endpoints, signInAsAdmin, unique } from './helpers';

/** Prices as the page text reads once its no-break spaces are plain ones. */
const formatChf = (rappen: number, locale: 'en' | 'de') =>
  formatWithSpaces(rappen, locale).replace(/[\u00a0\u202f]/g, ' ');

let admin: string;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

interface Page {
  readonly status: number;
  readonly html: string;
  readonly cacheControl: string | null;
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${endpoints().webUrl}${path}`, { headers });
  return { status: response.status, html: await response.text(), cacheControl: response.headers.get('cache-control') };
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[\u00a0\u202f]/g, ' ');

/** The text inside the page's root element: what shows before any script runs. */
function rootText(html: string): string {
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  return decode(root.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' '));
}

const h1 = (html: string) => decode(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]*>/g, '') ?? '');
const lang = (html: string) => /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1];

async function invalidations(): Promise<RecordedInvalidation[]> {
  const response = await fetch(`${endpoints().cloudfrontEndpoint}/_stand-in/invalidations`);
  return ((await response.json()) as { invalidations: RecordedInvalidation[] }).invalidations;
}

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<AdminProductDto> {
  const name = `Pages ${unique('coat')}`;
  const { status, body } = await api<AdminProductDto>('/admin/products', {
    method: 'POST',
    token: admin,
    json: {
      name,
      description: 'Made by the storefront pages integration test',
      price: 12_300,
      category: 'Outerwear',
      stockQuantity: 4,
      sizes: ['M'],
      colors: ['Black'],
      images: ['/images/products/it-pages.svg'],
      translations: { de: { name: `${name} DE`, colors: { Black: 'Schwarz' } } },
      ...overrides,
    } satisfies ProductInput,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

describe('prerendered storefront pages', () => {
  it.each([
    ['/', 'Elevated essentials, timeless design'],
    ['/products', 'Products'],
    ['/size-guide', 'Size Guide'],
    ['/contact', 'We are here to help'],
  ])('serves %s as HTML that holds its heading before any script runs', async (path, heading) => {
    const { status, html, cacheControl } = await page(path);
    expect(status).toBe(200);
    expect(h1(html)).toBe(heading);
    expect(lang(html)).toBe('en');
    // Browsers ask again each time (a 304 while unchanged); the edge keeps it until invalidated.
    expect(cacheControl).toBe('public, max-age=0, s-maxage=31536000');
    expect(html).toContain('<script id="runtime-config" type="application/json">');
  });

  it('serves a product page with its name, CHF price and sized image, and the list with its card', async () => {
    const { html } = await page('/product/merino-crew-sweater');
    expect(h1(html)).toBe('Merino Crew Sweater');
    expect(rootText(html)).toContain(formatChf(14_900, 'en'));
    expect(html).toMatch(/<img\b[^>]*\bwidth="\d+"[^>]*\bheight="\d+"|<img\b[^>]*\bheight="\d+"[^>]*\bwidth="\d+"/);
    expect(html).toMatch(/fetchpriority="high"/i);

    const list = await page('/products?category=basics');
    expect(rootText(list.html)).toContain('Merino Crew Sweater');
    expect(rootText(list.html)).not.toContain('Tailored Wool Coat');
  });

  it('answers a German visitor in German: by Accept-Language, by the cookie the switch sets, by ?lang=', async () => {
    const byHeader = await page('/product/merino-crew-sweater', { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' });
    expect(lang(byHeader.html)).toBe('de');
    expect(h1(byHeader.html)).toBe('Merino-Pullover mit Rundhalsausschnitt');
    expect(rootText(byHeader.html)).toContain(formatChf(14_900, 'de'));

    const byCookie = await page('/size-guide', { cookie: 'lang=de', 'accept-language': 'en' });
    expect(lang(byCookie.html)).toBe('de');
    expect(h1(byCookie.html)).toBe('Grössentabelle');

    const byQuery = await page('/products?lang=de', { cookie: 'lang=en' });
    expect(h1(byQuery.html)).toBe('Produkte');

    const english = await page('/size-guide', { cookie: 'lang=en', 'accept-language': 'de' });
    expect(h1(english.html)).toBe('Size Guide');
  });

  it("gives a shopper's own pages and arranged lists the app's shell in their language, and unknown paths the 404", async () => {
    for (const path of ['/cart', '/dashboard', '/products?sort=price-asc', '/order-confirmation/cs_test_x']) {
      const { status, html } = await page(path, { cookie: 'lang=de' });
      expect(status, path).toBe(200);
      expect(html, path).toContain('<div id="root"></div>');
      expect(lang(html), path).toBe('de');
    }
    // With its status: a not-found page answered 200 would be indexed as a page of the shop.
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(h1(missing.html)).toBe('Oops! Page not found');
    const german = await page('/no/such/page', { cookie: 'lang=de' });
    expect(german.status).toBe(404);
    expect(lang(german.html)).toBe('de');
  });

  it("puts an admin's new price into the product's page and the lists within seconds, invalidating exactly those pages", async () => {
    const product = await createProduct();
    const productPath = `/product/${encodeURIComponent(product.id)}`;
    await vi.waitFor(
      async () => {
        const { html } = await page(productPath);
        expect(h1(html)).toBe(product.name);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(rootText((await page('/products?category=outerwear')).html)).toContain(product.name);

    const before = (await invalidations()).length;
    const patched = await api<AdminProductDto>(`/admin/products/${product.id}`, {
      method: 'PATCH',
      token: admin,
      json: { price: 13_900 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const newPrice = formatChf(13_900, 'en');
    await vi.waitFor(
      async () => {
        expect(rootText((await page(productPath)).html)).toContain(newPrice);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(rootText((await page(productPath, { cookie: 'lang=de' })).html)).toContain(formatChf(13_900, 'de'));
    const list = rootText((await page('/products?category=outerwear')).html);
    expect(list).toContain(product.name);
    expect(list).toContain(newPrice);

    const invalidation = await vi.waitFor(
      async () => {
        const mine = (await invalidations())
          .slice(before)
          .find((candidate) => candidate.paths.includes(`/pages/en/product/${product.id}.html`));
        expect(mine).toBeDefined();
        return mine as RecordedInvalidation;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(invalidation.paths).toEqual(
      expect.arrayContaining([
        `/pages/en/product/${product.id}.html`,
        `/pages/de/product/${product.id}.html`,
        '/pages/en/index.html',
        '/pages/de/products.html',
        '/pages/en/products/category/outerwear.html',
      ]),
    );
    // Exactly the pages that show products: no wildcard, no static page, no other product.
    expect(
      invalidation.paths.every((path) =>
        /^\/pages\/(en|de)\/(index|products|product\/|products\/category\/)/.test(path),
      ),
    ).toBe(true);
    expect(invalidation.paths.filter((path) => path.includes('/product/'))).toHaveLength(2);
  });

  it('answers a product that never existed with the not-found page in the visitor’s language, and a 404', async () => {
    const english = await page('/product/never-was-a-product');
    expect(english.status).toBe(404);
    expect(h1(english.html)).toBe('Oops! Page not found');
    const german = await page('/product/never-was-a-product', { cookie: 'lang=de' });
    expect(german.status).toBe(404);
    expect(lang(german.html)).toBe('de');
    expect(h1(german.html)).toBe('Hoppla! Seite nicht gefunden');
  });

  it('answers a deleted product’s page with the not-found page and a 404, and takes it off the lists', async () => {
    const product = await createProduct();
    const productPath = `/product/${encodeURIComponent(product.id)}`;
    await vi.waitFor(async () => expect(h1((await page(productPath)).html)).toBe(product.name), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await api(`/admin/products/${product.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    await vi.waitFor(
      async () => {
        const gone = await page(productPath);
        expect(gone.status).toBe(404);
        expect(h1(gone.html)).toBe('Oops! Page not found');
        expect(rootText((await page('/products')).html)).not.toContain(product.name);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
