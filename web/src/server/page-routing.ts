/**
 * Which stored page answers a storefront request: one function, written once as the source of a
 * CloudFront Function (cloudfront-js-2.0, viewer request) and run unchanged by the local web
 * server and by the renderer that stores the pages, so the key a page is written under and the
 * key a request reads can never drift apart.
 *
 * Pages live in the site bucket as `pages/<lang>/<page>.html`:
 * - prerendered pages: `index` (/), `products`, `products/category/<id>`, `product/<id>`, the
 *   static pages (`size-guide`, `contact`, ...) and `404`, the not-found page;
 * - `shell`: the app with an empty root in the page's language, for the pages that belong to a
 *   shopper (cart, account, checkout) or show a list arranged by its URL (sort, filters, search),
 *   which the browser renders itself.
 *
 * A path the app does not know is routed to `missing`, a page never stored: the bucket has no such
 * key, so CloudFront fails over to the API's `GET /pages/{page+}` (the local web server does the
 * same), which answers the `404` page with a 404 status. Served straight from the bucket, the
 * not-found page would say "not found" with a 200, and search engines would index every
 * mistyped link as a page of the shop.
 *
 * The language is the visitor's choice: `?lang=` (the hreflang alternates), else the `lang` cookie
 * the language switch sets, else the first of Accept-Language's languages that the shop speaks,
 * else English. The cache key is the rewritten path, so each language is cached on its own.
 */
import { LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAMETER } from '@linea/shared/i18n/language-choice';
import { LOCALES } from '@linea/shared/i18n/locales';
import { STATIC_PAGES } from '@linea/shared/domain/site-map';
import type { Locale } from '@linea/shared/domain/money';
import { paths } from '../config/paths';

/** The published app in the site bucket, with its runtime config: every page is rendered into it. */
export const TEMPLATE_KEY = 'index.html';

/** Every language a page is rendered in. */
export const PAGE_LOCALES: readonly Locale[] = LOCALES;

/** Where the pages are in the site bucket (and the path CloudFront asks it for). */
export const PAGES_PREFIX = 'pages/';
export const SHELL_PAGE = 'shell';
export const NOT_FOUND_PAGE = '404';
/** The page an unknown path is routed to; never stored, so that it is answered with a 404. */
export const MISSING_PAGE = 'missing';

/** The app's own pages that are not prerendered: the browser renders them into the shell. */
const SHELL_ROUTES = Object.values(paths)
  .map((entry) => entry.path)
  .filter((path) => path !== '/' && !STATIC_PAGES.includes(path as never) && !path.startsWith('/product'));

/** `/order-confirmation/:orderId?` → an exact path and a one-segment prefix. */
const shellExact = [...new Set(SHELL_ROUTES.map((path) => path.replace(/\/:[^/]+\??$/, '')))];
const shellWithParam = SHELL_ROUTES.filter((path) => /\/:[^/]+\??$/.test(path)).map((path) =>
  path.replace(/\/:[^/]+\??$/, '/'),
);

/** `/size-guide` → `size-guide`; `/` → `index`. */
const staticPageNames: Record<string, string> = Object.fromEntries(
  STATIC_PAGES.map((path) => [path, path === '/' ? 'index' : path.slice(1)]),
);

/**
 * The CloudFront Function. ES5 with `var`, as cloudfront-js-2.0 reads it; the values above are
 * written into it as JSON.
 */
export const PAGE_ROUTING_CODE = `var PAGES = ${JSON.stringify(`/${PAGES_PREFIX}`)};
var LANGUAGES = ${JSON.stringify(LOCALES)};
var DEFAULT_LANGUAGE = ${JSON.stringify(LOCALES[0])};
var COOKIE = ${JSON.stringify(LANGUAGE_COOKIE)};
var QUERY = ${JSON.stringify(LANGUAGE_QUERY_PARAMETER)};
var STATIC_PAGES = ${JSON.stringify(staticPageNames)};
var SHELL_EXACT = ${JSON.stringify(shellExact)};
var SHELL_WITH_PARAM = ${JSON.stringify(shellWithParam)};
var PRODUCT = ${JSON.stringify(paths.product.path.replace(/:[^/]+$/, ''))};
var SEGMENT = /^[A-Za-z0-9._~%-]+$/;
var CATEGORY = /^[a-z0-9-]+$/;
var MISSING = ${JSON.stringify(MISSING_PAGE)};

function spoken(value) {
  return typeof value === 'string' && LANGUAGES.indexOf(value) !== -1 ? value : null;
}

function fromAcceptLanguage(header) {
  var best = null;
  var bestQ = 0;
  var parts = header.split(',');
  for (var i = 0; i < parts.length; i++) {
    var fields = parts[i].trim().split(';');
    var language = spoken(fields[0].trim().split('-')[0].toLowerCase());
    var q = 1;
    for (var j = 1; j < fields.length; j++) {
      var field = fields[j].trim();
      if (field.indexOf('q=') === 0) q = parseFloat(field.substring(2));
    }
    if (language && q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}

function language(request) {
  var query = request.querystring || {};
  var cookies = request.cookies || {};
  var headers = request.headers || {};
  return (
    (query[QUERY] && spoken(query[QUERY].value)) ||
    (cookies[COOKIE] && spoken(cookies[COOKIE].value)) ||
    (headers['accept-language'] && fromAcceptLanguage(headers['accept-language'].value)) ||
    DEFAULT_LANGUAGE
  );
}

function pageFor(uri, querystring) {
  var keys = Object.keys(querystring || {}).filter(function (key) {
    return key !== QUERY;
  });
  var shellIf = function (page) {
    return keys.length ? 'shell' : page;
  };
  if (uri === '/products' && keys.length === 1 && keys[0] === 'category') {
    var category = querystring.category.value;
    return CATEGORY.test(category) ? 'products/category/' + category : 'shell';
  }
  if (Object.prototype.hasOwnProperty.call(STATIC_PAGES, uri)) return shellIf(STATIC_PAGES[uri]);
  if (uri.indexOf(PRODUCT) === 0) {
    var id = uri.substring(PRODUCT.length);
    if (SEGMENT.test(id)) return shellIf('product/' + id);
  }
  if (SHELL_EXACT.indexOf(uri) !== -1) return 'shell';
  for (var i = 0; i < SHELL_WITH_PARAM.length; i++) {
    var prefix = SHELL_WITH_PARAM[i];
    if (uri.indexOf(prefix) === 0 && SEGMENT.test(uri.substring(prefix.length))) return 'shell';
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return null;
  return MISSING;
}

function handler(event) {
  var request = event.request;
  var page = pageFor(request.uri, request.querystring);
  if (page !== null) {
    request.uri = PAGES + language(request) + '/' + page + '.html';
    request.querystring = {};
  }
  return request;
}`;

/** A request as CloudFront Functions see it: the path as sent, values as `{ value }`. */
export interface ViewerRequest {
  uri: string;
  querystring: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

interface PageRouting {
  handler(event: { request: ViewerRequest }): ViewerRequest;
  pageFor(uri: string, querystring: ViewerRequest['querystring']): string | null;
  language(request: Partial<ViewerRequest>): Locale;
}

let routing: PageRouting | undefined;

/** The CloudFront Function's code, run in this process. */
function pageRouting(): PageRouting {
  // Our own constant, evaluated so that Node runs the very code CloudFront runs.
  routing ??= new Function(
    `${PAGE_ROUTING_CODE}\nreturn { handler: handler, pageFor: pageFor, language: language };`,
  )() as PageRouting;
  return routing;
}

/** The querystring of a URL as CloudFront Functions present it (the first value of a repeated key). */
function querystringOf(search: URLSearchParams): ViewerRequest['querystring'] {
  const query: ViewerRequest['querystring'] = {};
  for (const [key, value] of search) query[key] ??= { value };
  return query;
}

/**
 * The page a request gets: its path in the site bucket (`/pages/de/product/x.html`), or
 * undefined for a file (assets, images, robots.txt) that is served as it is.
 */
export function routeViewerRequest(request: {
  url: URL;
  cookies?: Record<string, string>;
  acceptLanguage?: string;
}): string | undefined {
  const viewer: ViewerRequest = {
    uri: request.url.pathname,
    querystring: querystringOf(request.url.searchParams),
    cookies: Object.fromEntries(Object.entries(request.cookies ?? {}).map(([name, value]) => [name, { value }])),
    headers: request.acceptLanguage ? { 'accept-language': { value: request.acceptLanguage } } : {},
  };
  const uri = viewer.uri;
  const routed = pageRouting().handler({ request: viewer });
  return routed.uri === uri && pageRouting().pageFor(uri, viewer.querystring) === null ? undefined : routed.uri;
}

/**
 * The bucket key of the page that answers `url` in `locale` (`pages/de/products/category/knitwear.html`),
 * the key the renderer writes it under; undefined for a URL that names a file, or a path the app
 * does not know (no page is stored for it: MISSING_PAGE).
 */
export function pageKey(locale: Locale, url: string): string | undefined {
  const parsed = new URL(url, 'http://page');
  parsed.searchParams.delete(LANGUAGE_QUERY_PARAMETER);
  const page = pageRouting().pageFor(parsed.pathname, querystringOf(parsed.searchParams));
  return page === null || page === MISSING_PAGE
    ? undefined
    : `${PAGES_PREFIX}${locale}/${decodeURIComponent(page)}.html`;
}

/** The key of a page by its name (`shell`, `404`). */
export const namedPageKey = (locale: Locale, page: typeof SHELL_PAGE | typeof NOT_FOUND_PAGE): string =>
  `${PAGES_PREFIX}${locale}/${page}.html`;
