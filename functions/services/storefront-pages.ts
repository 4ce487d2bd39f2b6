/**
 * The storefront's pages as HTML in the site bucket, rendered by the web app's own components
 * (web/src/server/render.tsx) from the catalogue in the table, in every language the shop
 * speaks. CloudFront serves them (the page routing function picks the key), so a shopper's first
 * paint needs no script and no API call; the browser hydrates them and refetches what is stale.
 *
 * Everything is rendered at deploy (and at `npm start`); a product change re-renders the pages
 * that show it and invalidates exactly those paths at CloudFront.
 */
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ProductDto } from '@linea/shared/contracts/products';
import { readRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { STATIC_PAGES } from '@linea/shared/domain/site-map';
import { namedPageKey, PAGE_LOCALES, pageKey, PAGES_PREFIX, TEMPLATE_KEY } from '@linea/web/server/page-routing';
import { renderPage, renderShell } from '@linea/web/server/render';
import { products as productRepository, toProductDto, type Product } from '../data/product-repository';
import { cloudfront } from '../lib/clients/cloudfront';
import { s3 } from '../lib/clients/s3';
import { config, sitePagesConfig } from '../lib/config';
import { logger } from '../lib/logger';

/**
 * What CloudFront may keep: browsers ask again every time (max-age=0) and get a 304 while the
 * page is unchanged; the edge keeps a page until this function invalidates it.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=31536000';

export type PagesScope = { readonly all: true } | { readonly productId: string };

export interface RenderedPages {
  /** The keys written, e.g. `pages/de/product/merino-crew-sweater.html`. */
  readonly keys: readonly string[];
  /** The keys deleted: the pages of a product that left the shop. */
  readonly removed: readonly string[];
  /** The paths invalidated at CloudFront: the keys as paths, or `/pages/*` for all of them. */
  readonly invalidated: readonly string[];
}

interface Catalogue {
  /** Every product, active or not: the categories the shop has had. */
  readonly all: readonly Product[];
  /** Active products, in stock or not: each has a page. */
  readonly active: readonly Product[];
  /** What the shop lists: active and in stock. */
  readonly listed: readonly Product[];
}

async function loadCatalogue(): Promise<Catalogue> {
  const [all, listed] = await Promise.all([productRepository.listAll(), productRepository.listInStock()]);
  return { all, active: all.filter((product) => product.active), listed };
}

/**
 * The list pages: home, the catalogue, and one per category of any product the table holds (a
 * category whose products are all sold out or inactive still answers, with an empty list).
 */
function listUrls(catalogue: Catalogue): string[] {
  const categories = [...new Set(catalogue.all.map((product) => toProductDto(product).categoryId))].sort();
  return [
    '/',
    '/products',
    ...categories.map((category) => `/products?${new URLSearchParams({ category }).toString()}`),
  ];
}

const productUrl = (id: string) => `/product/${encodeURIComponent(id)}`;

async function readTemplate(bucket: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: TEMPLATE_KEY }));
  const template = await object.Body?.transformToString('utf-8');
  if (!template) throw new Error(`s3://${bucket}/${TEMPLATE_KEY} is empty`);
  return template;
}

/** `pages/de/a b.html` → `/pages/de/a%20b.html`: the path CloudFront caches the page under. */
const invalidationPath = (key: string) => `/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Renders the pages `scope` names into the site bucket and invalidates them at CloudFront.
 * A page that fails to render fails the whole call (so the event is retried, then
 * dead-lettered), after the others have been written.
 */
export async function renderStorefrontPages(scope: PagesScope): Promise<RenderedPages> {
  const { bucket, distributionId } = sitePagesConfig();
  const [template, catalogue] = await Promise.all([readTemplate(bucket), loadCatalogue()]);
  const runtimeConfig = readRuntimeConfig(template);
  if (!runtimeConfig) throw new Error(`s3://${bucket}/${TEMPLATE_KEY} carries no runtime config`);
  const origin = config().webUrl.replace(/\/$/, '');

  const urls =
    'all' in scope
      ? [
          ...listUrls(catalogue),
          ...STATIC_PAGES.filter((path) => path !== '/' && path !== '/products'),
          ...catalogue.active.map((product) => productUrl(product.id)),
        ]
      : [...listUrls(catalogue), productUrl(scope.productId)];

  const pages: Array<{ key: string; html: string }> = [];
  /** Pages of products that left the shop: without them the site answers 404 (see get-missing-page). */
  const removed: string[] = [];
  for (const locale of PAGE_LOCALES) {
    const listed = catalogue.listed.map((product) => toProductDto(product, locale));
    const render = async (url: string, products: readonly ProductDto[]) => {
      const key = pageKey(locale, url);
      if (!key) throw new Error(`${url} is not a page`);
      const page = await renderPage({ url, locale, config: runtimeConfig, catalogue: { products }, template, origin });
      if (page.status >= 300 && page.status < 400) throw new Error(`${url} redirects to ${page.location ?? '?'}`);
      pages.push({ key, html: page.html });
    };
    for (const url of urls) {
      const id = url.startsWith('/product/') ? decodeURIComponent(url.slice('/product/'.length)) : undefined;
      if (id === undefined) {
        await render(url, listed);
        continue;
      }
      // A product page gets its product, listed or sold out; a deleted or inactive one has none.
      const product = catalogue.active.find((candidate) => candidate.id === id);
      if (product) await render(url, [toProductDto(product, locale)]);
      else removed.push(pageKey(locale, url) as string);
    }
    if ('all' in scope) {
      const notFound = await renderPage({
        url: '/404',
        locale,
        config: runtimeConfig,
        catalogue: { products: listed },
        template,
        origin,
      });
      pages.push({ key: namedPageKey(locale, '404'), html: notFound.html });
      pages.push({ key: namedPageKey(locale, 'shell'), html: renderShell(template, locale, runtimeConfig) });
    }
  }

  await Promise.all(
    pages.map(({ key, html }) =>
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: html,
          ContentType: 'text/html; charset=utf-8',
          CacheControl: PAGE_CACHE_CONTROL,
        }),
      ),
    ),
  );

  await Promise.all(removed.map((key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));

  const keys = pages.map((page) => page.key);
  // Everything at once is one wildcard (CloudFront counts it as one path); a change, its pages.
  const invalidated = 'all' in scope ? [`/${PAGES_PREFIX}*`] : [...keys, ...removed].map(invalidationPath);
  await cloudfront.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        // One batch per render: a retried event may invalidate again, which is harmless.
        CallerReference: `pages-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        Paths: { Quantity: invalidated.length, Items: invalidated },
      },
    }),
  );
  logger.info('storefront pages rendered', {
    scope: 'all' in scope ? 'all' : `product ${scope.productId}`,
    pages: keys.length,
  });
  return { keys, removed, invalidated };
}
