// @vitest-environment node
import { AFTER_PAINT_MODULES_ELEMENT_ID } from '../app/after-paint-modules';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@linea/shared/contracts/runtime-config';
import { formatChf, type Locale } from '@linea/shared/domain/money';
import { dictionaries } from '@linea/shared/i18n/index';
import { productFixture, testConfig } from '../testing/fixtures';
import { renderPage, renderShell } from './render';

/** The app's own index.html: the renderer works on the built one the same way. */
const template = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

const tee = productFixture({
  id: 'tee',
  name: 'Organic Cotton Tee',
  price: 4900,
  featured: true,
  images: ['/images/products/tee.jpg'],
});
const coat = productFixture({
  id: 'coat',
  name: 'Tailored Wool Coat',
  price: 59000,
  category: 'Outerwear',
  featured: true,
  images: ['/images/products/coat.jpg'],
});

/** The catalogue as GET /products?lang= answers it. */
const catalogues: Record<Locale, ProductDto[]> = {
  en: [tee, coat],
  de: [
    { ...tee, name: 'Bio-Baumwoll-T-Shirt', textLanguage: { name: 'de', description: 'de' } },
    {
      ...coat,
      name: 'Massgeschneiderter Wollmantel',
      category: 'Oberbekleidung',
      textLanguage: { name: 'de', description: 'de' },
    },
  ],
};

const render = (url: string, locale: Locale) =>
  renderPage({
    url,
    locale,
    config: testConfig,
    catalogue: { products: catalogues[locale] },
    template,
    origin: 'https://linea.test',
  });

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/** The modules a prerendered page lists for its entry to preload once painted. */
function afterPaintModules(html: string): unknown {
  const list = new RegExp(
    `<script id="${AFTER_PAINT_MODULES_ELEMENT_ID}" type="application/json">([^<]*)</script>`,
  ).exec(html);
  return list?.[1] ? JSON.parse(list[1]) : [];
}

function h1(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1] === undefined ? undefined : decode(match[1]);
}

const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script type="module"/.exec(html)?.[1] ?? '';

function jsonScript(html: string, id: string): unknown {
  const match = new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(html);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as unknown);
}

/** A product's <img> with its intrinsic size, so its box is kept before it loads. */
function productImage(html: string, src: string): string | undefined {
  return new RegExp(`<img\\b[^>]*\\bsrc="${src}"[^>]*>`).exec(html)?.[0];
}

describe.each(['en', 'de'] as const)('renderPage in %s', (locale) => {
  const t = dictionaries[locale];
  const [localTee, localCoat] = catalogues[locale] as [ProductDto, ProductDto];

  it('renders the home page with its heading and the featured products, names, prices and sized images', async () => {
    const { status, html } = await render('/', locale);
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
    expect(h1(html)).toBe(t.brand.tagline);
    const root = decode(rootOf(html));
    expect(root).toContain(localTee.name);
    expect(root).toContain(localCoat.name);
    expect(root).toContain(formatChf(4900, locale));
    expect(root).toContain(formatChf(59000, locale));
    expect(productImage(html, '/images/products/coat.jpg')).toMatch(/width="800"[^>]*height="1000"/);
  });

  it('renders /products with every product and its price', async () => {
    const { status, html } = await render('/products', locale);
    expect(status).toBe(200);
    expect(h1(html)).toBe(t.products.title);
    const root = decode(rootOf(html));
    for (const product of catalogues[locale]) expect(root).toContain(product.name);
    expect(root).toContain('CHF\u00a049.00');
    expect(root).toContain('CHF\u00a0590.00');
    expect(html).toContain(`<title>${t.products.title} · LINEA</title>`);
  });

  it('renders /products?category=outerwear with the category only', async () => {
    const { status, html } = await render('/products?category=outerwear', locale);
    expect(status).toBe(200);
    expect(h1(html)).toBe(t.products.title);
    const root = decode(rootOf(html));
    expect(root).toContain(localCoat.name);
    expect(root).not.toContain(localTee.name);
  });

  it('renders a product page with its name, price, sized image and head', async () => {
    const { status, html } = await render('/product/tee', locale);
    expect(status).toBe(200);
    expect(h1(html)).toBe(localTee.name);
    expect(decode(rootOf(html))).toContain(formatChf(4900, locale));
    expect(productImage(html, '/images/products/tee.jpg')).toMatch(/width="800"[^>]*height="1000"/);
    expect(html).toContain(`<title>${localTee.name} · LINEA</title>`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<link rel="canonical" href="https://linea.test/product/tee" />');
    expect(html).toContain('<link rel="alternate" hreflang="de" href="https://linea.test/product/tee?lang=de" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://linea.test/product/tee" />');
    expect(html).toMatch(/<script id="page-json-ld" type="application\/ld\+json">\{[^<]*"@type":"Product"/);
    // The image's preload, hoisted by React, is in the head and not in #root.
    expect(rootOf(html)).not.toMatch(/^<link/);
  });

  it('renders /size-guide and /contact with their headings', async () => {
    const guide = await render('/size-guide', locale);
    expect(guide.status).toBe(200);
    expect(h1(guide.html)).toBe(t.sizeGuidePage.title);
    const contact = await render('/contact', locale);
    expect(contact.status).toBe(200);
    expect(h1(contact.html)).toBe(t.contactPage.heading);
    expect(contact.html).toContain('"url":"https://linea.test"');
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const { status, html } = await render('/no-such-page', locale);
    expect(status).toBe(404);
    expect(h1(html)).toBe(t.notFound.message);
    expect(html).toContain(`<title>${t.notFound.title} · LINEA</title>`);
  });

  it("answers 404 with 'Product not found' for an unknown product", async () => {
    const { status, html } = await render('/product/unknown', locale);
    expect(status).toBe(404);
    expect(h1(html)).toBe(t.product.notFound);
  });

  it("carries an unknown product's NOT_FOUND in the query cache, for the browser to show the same", async () => {
    const { html } = await render('/product/unknown', locale);
    const state = jsonScript(html, 'query-state') as { queries: { queryKey: unknown[]; state: unknown }[] };
    expect(state.queries).toEqual([
      expect.objectContaining({
        queryKey: ['catalog', 'product', 'unknown', locale],
        state: expect.objectContaining({
          status: 'error',
          error: { status: 404, body: { error: 'NOT_FOUND', message: 'Product not found' } },
        }),
      }),
    ]);
  });

  it('carries the runtime config and the query cache the page was rendered from', async () => {
    const { html } = await render('/product/tee', locale);
    expect(jsonScript(html, RUNTIME_CONFIG_ELEMENT_ID)).toEqual(testConfig);
    const state = jsonScript(html, 'query-state') as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries.map((query) => query.queryKey)).toEqual([['catalog', 'product', 'tee', locale]]);
    expect(state.queries.at(0)?.state.data).toEqual(localTee);
    const list = jsonScript((await render('/products', locale)).html, 'query-state') as typeof state;
    expect(list.queries.map((query) => query.queryKey)).toEqual([['catalog', 'products', {}, locale]]);
    expect(list.queries.at(0)?.state.data).toEqual(catalogues[locale]);
  });

  it('renders the shell as the browser first does: signed out, an empty cart, no chat yet', async () => {
    const { html } = await render('/size-guide', locale);
    expect(html).toMatch(/<span class="cart-count"[^>]*data-empty="true">0<\/span>/);
    expect(html).toContain('href="/auth"');
    expect(decode(rootOf(html))).toContain(t.nav.signIn);
  });
});

describe('renderPage', () => {
  it('gives the same markup for the same page every time', async () => {
    const first = await render('/', 'en');
    const second = await render('/', 'en');
    expect(rootOf(second.html)).toBe(rootOf(first.html));
  });

  it('gives German text for a German request', async () => {
    const { html } = await render('/product/tee', 'de');
    expect(decode(html)).toContain(dictionaries.de.product.addToCart);
    expect(decode(html)).not.toContain(dictionaries.en.product.addToCart);
  });

  it("preloads the texts of the page's language only, as the build's hints name them, and leaves no hint", async () => {
    // As `vite build` writes them (web/vite.config.ts, dictionaryHints).
    const built = template.replace(
      '</head>',
      [
        '  <meta name="linea:dictionary-en" content="/assets/en-1.js /assets/category-3.js">',
        '    <meta name="linea:dictionary-de" content="/assets/de-2.js /assets/category-3.js">',
        '  </head>',
      ].join('\n'),
    );
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)">/g)].map((match) => match[1]);

    const { html } = await renderPage({
      url: '/',
      locale: 'de',
      config: testConfig,
      catalogue: { products: [] },
      template: built,
    });
    // A prerendered page lists them for its entry to preload once the page is painted.
    expect(preloads(html)).toEqual([]);
    expect(afterPaintModules(html)).toEqual(['/assets/de-2.js', '/assets/category-3.js']);
    expect(html).not.toContain('linea:dictionary');
    const shell = renderShell(built, 'en', testConfig);
    expect(preloads(shell)).toEqual(['/assets/en-1.js', '/assets/category-3.js']);
    expect(afterPaintModules(shell)).toEqual([]);
    expect(shell).not.toContain('linea:dictionary');
  });

  it('keeps a product text from closing its script element', async () => {
    const sneaky = productFixture({ id: 'sneaky', name: 'Tee </script><script>alert(1)</script>' });
    const { html } = await renderPage({
      url: '/product/sneaky',
      locale: 'en',
      config: testConfig,
      catalogue: { products: [sneaky] },
      template,
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(h1(html)).toBe(sneaky.name);
  });

  it("links the page's own styles and lists its chunks for after the paint, as the build names them, and leaves no list", async () => {
    const assets = {
      product: { css: ['/assets/catalog-1.css'], js: ['/assets/product-1.js', '/assets/catalog-2.js'] },
      cart: { css: ['/assets/cart-1.css'], js: ['/assets/cart-1.js'] },
    };
    const built = template.replace(
      '</head>',
      `<script id="route-assets" type="application/json">${JSON.stringify(assets)}</script></head>`,
    );
    const { html } = await renderPage({
      url: '/product/tee',
      locale: 'en',
      config: testConfig,
      catalogue: { products: [tee] },
      template: built,
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/catalog-1.css">');
    // Fetched after what the page shows: the HTML is the page, its code makes it interactive.
    expect(head).not.toContain('modulepreload');
    expect(afterPaintModules(html)).toEqual(['/assets/product-1.js', '/assets/catalog-2.js']);
    expect(html).not.toContain('cart-1');
    expect(html).not.toContain('id="route-assets"');
    expect(renderShell(built, 'en', testConfig)).not.toContain('id="route-assets"');
  });
});
