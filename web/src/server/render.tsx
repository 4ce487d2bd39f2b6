/**
 * The storefront's pages as HTML: renders a URL with the app's own route tree, layout and
 * components, in English or German, from a catalogue it is given (it never calls the API), into
 * the built index.html. Built for Node by `npm run build:ssr` (dist-server/render.js) and run
 * where the HTML is produced ahead of requests, never on the request path: S3 and CloudFront
 * stay the host.
 *
 * The page carries what the browser needs to take it over: the runtime config, the dehydrated
 * query cache (`<script id="query-state">`) and the page's head (title, description, Open
 * Graph, canonical URL, JSON-LD) as usePageMeta would set it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { htmlSafeJson, withRuntimeConfig, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import type { Locale } from '@linea/shared/domain/money';
// Both languages' texts, statically: the server renders either (the browser loads one, i18n.ts).
import { dictionaries } from '@linea/shared/i18n/index';
import { ApiError } from '../api/api-error';
import { AppProvider } from '../app/provider';
import {
  createQueryClient,
  dehydrateForPage,
  QUERY_STATE_ELEMENT_ID,
  RENDERED_PATH_ATTRIBUTE,
} from '../app/query-client';
import { createStorefrontRoutes, type PageHandle } from '../app/storefront-routes';
import { preloadThemeMenu } from '../components/layout/theme-toggle';
import { ServerPageContext, type ServerPage } from '../components/ui/server-page';
import type { PageHead } from '../components/ui/page-head';
import { paths } from '../config/paths';
import { productQuery } from '../features/catalog/api/get-product';
import { productsQuery } from '../features/catalog/api/get-products';
import { withDictionaryPreload } from '../i18n/dictionary-hints';
import { i18nOptions } from '../i18n/i18n';
import type { RenderInput, RenderPage, RenderResult, RenderShell } from './render-contract';
import { APP_ASSETS, routeAssetTags, takeRouteAssets } from './route-assets';
import { AFTER_PAINT_MODULES_ELEMENT_ID } from '../app/after-paint-modules';

export type { RenderInput, RenderResult };

const DEFAULT_ORIGIN = 'http://localhost';

/**
 * The server renders what it was given: the loaders' prefetches (which would call the API) do
 * nothing, so a page shows the pre-filled cache or, for anything not in it, its loading state.
 */
class ServerQueryClient extends QueryClient {
  override prefetchQuery(): Promise<void> {
    return Promise.resolve();
  }
}

function createServerQueryClient(): QueryClient {
  const client = new ServerQueryClient();
  const defaults = createQueryClient().getDefaultOptions();
  // A query that failed here (an unknown product's NOT_FOUND) is shown as failed, not as loading again.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
  return client;
}

/** One i18next per language, apart from the browser's global one (it never changes language here). */
const i18nByLocale = new Map<Locale, I18n>();
function i18nFor(locale: Locale): I18n {
  let instance = i18nByLocale.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init(i18nOptions(locale, dictionaries[locale]));
    i18nByLocale.set(locale, instance);
  }
  return instance;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags usePageMeta keeps in the browser, as HTML (the same elements it looks for). */
export function headHtml(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  for (const { attribute, key, content } of head.metas) {
    if (content) tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`);
  }
  tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const { hreflang, href } of head.alternates) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`);
  }
  if (head.jsonLd) {
    tags.push(`<script id="page-json-ld" type="application/ld+json">${htmlSafeJson(head.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}

/** The page in `locale`: its `<html lang>`, and its language's texts preloaded for the browser. */
function withLanguage(html: string, locale: Locale): string {
  return withDictionaryPreload(html, locale).replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/.test(tag)
      ? tag.replace(/\slang="[^"]*"/, ` lang="${locale}"`)
      : `${tag.slice(0, -1)} lang="${locale}">`,
  );
}

/**
 * The app with an empty root in `locale`, for the pages the browser draws itself (a cart, an
 * account, a list arranged by its URL): the visitor's language is known before any script runs.
 */
export const renderShell: RenderShell = (template, locale, config) => {
  // The browser draws the page: the app is what it needs first (a page's own chunks it loads itself).
  const { assets, template: withoutAssets } = takeRouteAssets(template);
  const appAssets = routeAssetTags(assets, [APP_ASSETS]);
  const html = appAssets ? withoutAssets.replace(/<\/head\s*>/i, (end) => `  ${appAssets}\n  ${end}`) : withoutAssets;
  return withRuntimeConfig(withLanguage(html, locale), config);
};

/**
 * The page's code after its content: the HTML already shows the page, so its styles, font and
 * the image it is judged by go first. Its module preloads (its route chunks, its language's
 * texts) become a list the entry preloads once the page is painted (app/after-paint-modules.ts).
 * The entry itself is small and sets the shopper's theme, so it keeps its place. (The shell,
 * which the script must draw, keeps its preloads.)
 */
function withScriptsAfterContent(html: string): string {
  const modules: string[] = [];
  const withoutPreloads = html.replace(
    /[^\S\n]*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\n?/g,
    (_link, href: string) => {
      modules.push(href);
      return '';
    },
  );
  if (modules.length === 0) return withoutPreloads;
  const list = `<script id="${AFTER_PAINT_MODULES_ELEMENT_ID}" type="application/json">${htmlSafeJson(modules)}</script>`;
  return withoutPreloads.replace(/<\/head\s*>/i, (end) => `  ${list}\n  ${end}`);
}

/** The template with the page's language, head, data and markup. */
function fillTemplate(
  template: string,
  parts: {
    locale: Locale;
    head: PageHead | undefined;
    hoisted: string;
    markup: string;
    /** The path the markup was rendered for (see RENDERED_PATH_ATTRIBUTE). */
    pathname: string;
    /** The page modules of the routes rendered (their `handle.module`), whose assets the head names. */
    pageModules: readonly string[];
    queryState: unknown;
    config: WebRuntimeConfig;
  },
): string {
  const { assets, template: withoutAssets } = takeRouteAssets(template);
  let html = withLanguage(withoutAssets, parts.locale);
  const pageAssets = routeAssetTags(assets, parts.pageModules);
  // After the entry's stylesheet, so the page's rules come after the shared ones, as in the app.
  if (pageAssets) html = html.replace(/<\/head\s*>/i, (end) => `  ${pageAssets}\n  ${end}`);
  if (parts.head) {
    // The template's own title and description give way to the page's.
    html = html.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
    html = html.replace(/<title>[^<]*<\/title>/i, () => headHtml(parts.head as PageHead));
  }
  html = withRuntimeConfig(html, parts.config);
  html = withScriptsAfterContent(html);
  const queryState = `<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">${htmlSafeJson(parts.queryState)}</script>`;
  html = html.replace(/<\/head\s*>/i, (end) => `${parts.hoisted ? `${parts.hoisted}\n  ` : ''}${queryState}\n  ${end}`);
  const root = /<div id="root">\s*<\/div>/;
  if (!root.test(html)) throw new Error('The template has no empty <div id="root"></div>');
  return html.replace(
    root,
    () => `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="${escapeHtml(parts.pathname)}">${parts.markup}</div>`,
  );
}

/**
 * The cache a page needs, filled from the catalogue with the keys its components ask for: one
 * product on /product/{id}, the catalogue list on any other page (home's featured products,
 * /products and its categories; the header's search suggestions use it too). Only what is in
 * the cache travels in the page. An unknown product is a NOT_FOUND error, as the API would
 * answer; returns whether the product is known.
 */
function fillCache(queryClient: QueryClient, input: RenderInput, productId: string | undefined): boolean {
  const products = [...input.catalogue.products];
  if (productId === undefined) {
    queryClient.setQueryData(productsQuery({}, input.locale).queryKey, products);
    return true;
  }
  const options = productQuery(productId, input.locale);
  const product = products.find((candidate) => candidate.id === productId);
  if (product) {
    queryClient.setQueryData(options.queryKey, product);
    return true;
  }
  const query = queryClient.getQueryCache().build(queryClient, { queryKey: options.queryKey });
  query.setState({
    status: 'error',
    error: new ApiError(404, 'NOT_FOUND', 'Product not found'),
    errorUpdatedAt: Date.now(),
    fetchFailureCount: 1,
  });
  return false;
}

export const renderPage: RenderPage = async (input) => {
  const base = new URL(input.url, input.origin ?? DEFAULT_ORIGIN);
  const url = new URL(`${base.pathname}${base.search}`, input.origin ?? base.origin);

  const queryClient = createServerQueryClient();
  const routes = createStorefrontRoutes(queryClient, { locale: () => input.locale });

  const matches = matchRoutes(routes, url.pathname) ?? [];
  const leaf = matches.at(-1);
  const unknownPath = !leaf || leaf.route.path === '*';
  const productId = leaf?.route.path === paths.product.path.replace(/^\//, '') ? leaf.params.id : undefined;
  const knownProduct = fillCache(queryClient, input, productId);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href, { headers: { 'Accept-Language': input.locale } }));
  if (context instanceof Response) {
    return { status: context.status, html: '', location: context.headers.get('Location') ?? undefined };
  }
  const router = createStaticRouter(handler.dataRoutes, context);

  let head: PageHead | undefined;
  const serverPage: ServerPage = {
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    collectHead: (collected) => {
      head = collected;
    },
  };

  const page = (
    <StrictMode>
      <ServerPageContext value={serverPage}>
        <I18nextProvider i18n={i18nFor(input.locale)}>
          <AppProvider queryClient={queryClient}>
            {/* No inline hydration script: the site's CSP allows none (the browser rebuilds it). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </I18nextProvider>
      </ServerPageContext>
    </StrictMode>
  );
  // The header's theme menu is a lazy part of the shell: loaded first, every page has it (not
  // its stand-in), as the browser's first render over this HTML has (app/start.tsx).
  await preloadThemeMenu();
  // renderToString, not a prerender that waits for every Suspense boundary: the page's own code
  // and data are resolved above (lazy routes by the handler, data in the cache), and a boundary
  // completed late would be written with inline scripts, which the site's CSP forbids.
  const rendered = renderToString(page);
  // React puts the resources it hoists (the product image's preload) first: they go to the head.
  const [, hoisted = '', markup = ''] = /^((?:<link\b[^>]*>)*)([\s\S]*)$/.exec(rendered) ?? [];

  const status = context.statusCode !== 200 ? context.statusCode : unknownPath || !knownProduct ? 404 : 200;
  const pageModules = matches.flatMap((match) => {
    const handle = match.route.handle as Partial<PageHandle> | undefined;
    return handle?.module ? [handle.module] : [];
  });
  const html = fillTemplate(input.template, {
    pageModules,
    locale: input.locale,
    head,
    hoisted,
    markup,
    pathname: url.pathname,
    queryState: dehydrateForPage(queryClient),
    config: input.config,
  });
  return { status, html };
};
