import type { OrderDto } from '@linea/shared/contracts/orders';
import type { ProductDto } from '@linea/shared/contracts/products';
import type { CartLine } from '@linea/shared/domain/cart';
import { categoryId } from '@linea/shared/domain/category';
import type { RuntimeConfig } from '../config/runtime-config-schema';

/** As every host serves it: the API under the page's own origin. */
export const testConfig: RuntimeConfig = Object.freeze({
  apiUrl: '/api',
  region: 'eu-central-2',
  userPoolId: 'eu-central-2_Test123',
  userPoolClientId: 'client123',
  cognitoEndpoint: null,
  authFlow: 'USER_PASSWORD_AUTH',
  stage: 'test',
});

let sequence = 0;

/** An English product; sizes and colours read as their keys unless a test names them. */
export function productFixture(overrides: Partial<ProductDto> = {}): ProductDto {
  sequence += 1;
  const category = overrides.category ?? 'Basics';
  const sizes = overrides.sizes ?? ['S', 'M', 'L'];
  const colors = overrides.colors ?? ['Black'];
  return {
    id: `p-${sequence}`,
    name: `Product ${sequence}`,
    description: 'A considered essential.',
    textLanguage: { name: 'en', description: 'en' },
    price: 12900,
    category,
    categoryId: categoryId(category),
    stockQuantity: 5,
    inStock: true,
    featured: false,
    sizes,
    sizeLabels: Object.fromEntries(sizes.map((size) => [size, size])),
    colors,
    colorNames: Object.fromEntries(colors.map((color) => [color, color])),
    images: [`/images/products/p-${sequence}.jpg`],
    sortOrder: sequence,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Two tees in M at CHF 49.00: CHF 98.00. */
export const teeLine: CartLine = {
  id: 'tee',
  name: 'Essential Organic Tee',
  price: 4900,
  size: 'M',
  color: 'Chalk',
  locale: 'en',
  image: '/t.svg',
  quantity: 2,
};

/** One coat in M at CHF 590.00; with `teeLine` a subtotal of CHF 688.00. */
export const coatLine: CartLine = {
  id: 'coat',
  name: 'Tailored Wool Coat',
  price: 59000,
  size: 'M',
  color: 'Camel',
  locale: 'en',
  image: '/c.svg',
  quantity: 1,
};

/** The confirmed order of `teeLine` and `coatLine`, with 10 % off (SAVE10) and the flat shipping. */
export function orderFixture(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 'ord_01hx9abcd1234efgh',
    number: '1234EFGH',
    status: 'confirmed',
    createdAt: '2024-01-15T10:00:00.000Z',
    email: 'anna@example.ch',
    firstName: 'Anna',
    lastName: 'Muster',
    address: 'Bahnhofstrasse 1',
    city: 'Zürich',
    zipCode: '8001',
    country: 'CH',
    locale: 'en',
    items: [
      {
        productId: 'tee',
        name: 'Essential Organic Tee',
        image: '/t.svg',
        size: 'M',
        color: 'Chalk',
        sizeLabel: 'M',
        colorName: 'Chalk',
        unitPrice: 4900,
        quantity: 2,
        lineTotal: 9800,
      },
      {
        productId: 'coat',
        name: 'Tailored Wool Coat',
        image: '/c.svg',
        size: 'M',
        color: 'Camel',
        sizeLabel: 'M',
        colorName: 'Camel',
        unitPrice: 59000,
        quantity: 1,
        lineTotal: 59000,
      },
    ],
    subtotal: 68800,
    shipping: 700,
    discount: 6880,
    total: 62620,
    vat: 4692,
    promo: { code: 'SAVE10', type: 'percentage' },
    ...overrides,
  };
}

/**
 * What a test's fetch stand-in was asked for, as the API sees it: the request resolved against
 * the page (the app calls the API on its own origin, under `testConfig.apiUrl`) with that prefix
 * taken off, so `/api/products?lang=en` reads as pathname `/products`, search `?lang=en`. A
 * request anywhere else (another origin, a path outside the API) fails the test.
 */
export function apiRequestUrl(input: RequestInfo | URL): URL {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  const base = testConfig.apiUrl;
  if (url.origin !== window.location.origin || (url.pathname !== base && !url.pathname.startsWith(`${base}/`))) {
    throw new Error(`The app called ${url.href}, not the API at ${window.location.origin}${base}`);
  }
  url.pathname = url.pathname.slice(base.length) || '/';
  return url;
}

/** A fetch stand-in answering JSON by "METHOD path" (query string ignored). */
export function jsonFetch(routes: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = apiRequestUrl(input);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ error: 'NOT_FOUND', message: `no stub for ${key}` }), { status: 404 });
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
