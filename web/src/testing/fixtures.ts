import type { ProductDto } from '@linea/shared/contracts/products';
import { categoryId } from '@linea/shared/domain/category';
import type { RuntimeConfig } from '../config/runtime-config';

export const testConfig: RuntimeConfig = Object.freeze({
  apiUrl: 'http://api.test',
  region: 'eu-central-2',
  userPoolId: 'eu-central-2_Test123',
  userPoolClientId: 'client123',
  cognitoEndpoint: null,
  authFlow: 'USER_PASSWORD_AUTH',
  stage: 'test',
});

let sequence = 0;

export function productFixture(overrides: Partial<ProductDto> = {}): ProductDto {
  sequence += 1;
  const category = overrides.category ?? 'Basics';
  return {
    id: `p-${sequence}`,
    name: `Product ${sequence}`,
    description: 'A considered essential.',
    price: 12900,
    category,
    categoryId: categoryId(category),
    stockQuantity: 5,
    inStock: true,
    featured: false,
    sizes: ['S', 'M', 'L'],
    colors: ['Black'],
    images: [`/images/products/p-${sequence}.jpg`],
    sortOrder: sequence,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A fetch stand-in answering JSON by "METHOD path" (query string ignored). */
export function jsonFetch(routes: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
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
