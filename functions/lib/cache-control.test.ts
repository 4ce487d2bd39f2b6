/**
 * Cache-Control is decided once, by the HTTP edge (lib/http.ts) from the route table, for every
 * handler: public catalogue reads may be shared by CloudFront for a minute; anything for a known
 * caller is `private, no-store`; everything else `no-store`. Real handlers, so a handler that sets
 * its own header cannot slip past.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, customerClaims, installTestUserPool } from '../../tests/fixtures/api-event';
import { aProduct, storedProductItem } from '../../tests/fixtures/products';
import { handler as exportOrders } from '../http/admin/export-orders';
import { handler as getOverview } from '../http/admin/get-overview';
import { handler as getMe } from '../http/account/get-me';
import { handler as createCheckout } from '../http/checkout/create-checkout';
import { handler as sendContactMessage } from '../http/contact/send-contact-message';
import { handler as subscribe } from '../http/newsletter/subscribe';
import { handler as getOrder } from '../http/orders/get-order';
import { handler as getProduct } from '../http/products/get-product';
import { handler as listProducts } from '../http/products/list-products';
import { handler as getSitemap } from '../http/site/get-sitemap';
import { handler as getWishlist } from '../http/wishlist/get-wishlist';
import { CACHE_CONTROL, cacheControlFor, routes } from '../routes';

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const pool = await installTestUserPool();

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(PutCommand).resolves({});
  busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
});

const TEE = storedProductItem(aProduct({ id: 'essential-tee', name: 'Essential Tee', featured: true }));

const cacheControl = (result: { headers?: Record<string, unknown> }) => {
  const names = Object.keys(result.headers ?? {}).filter((name) => name.toLowerCase() === 'cache-control');
  expect(names).toHaveLength(1);
  return result.headers?.[names[0] as string];
};

describe('Cache-Control of public catalogue reads', () => {
  it('lets shared caches keep the product list, a product and the sitemap for a minute', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [TEE] });
    ddbMock.on(GetCommand).resolves({ Item: TEE });

    const list = await listProducts(apiEvent({ routeKey: 'GET /products', queryStringParameters: { lang: 'de' } }));
    const product = await getProduct(
      apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'essential-tee' } }),
    );
    const sitemap = await getSitemap(apiEvent({ routeKey: 'GET /sitemap.xml' }));

    for (const result of [list, product, sitemap]) {
      expect(result.statusCode).toBe(200);
      expect(cacheControl(result)).toBe(SHARED);
    }
  });

  it('keeps no error: an unknown product or a bad query is not stored', async () => {
    const missing = await getProduct(apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'gone' } }));
    const invalid = await listProducts(apiEvent({ routeKey: 'GET /products', queryStringParameters: { lang: 'fr' } }));

    expect([missing.statusCode, invalid.statusCode]).toEqual([404, 400]);
    expect(cacheControl(missing)).toBe('no-store');
    expect(cacheControl(invalid)).toBe('no-store');
  });

  it('stores nothing asked with a token, even of a public read', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [TEE] });
    const result = await listProducts(
      apiEvent({ routeKey: 'GET /products', headers: { authorization: await pool.idToken('user-1') } }),
    );

    expect(result.statusCode).toBe(200);
    expect(cacheControl(result)).toBe('private, no-store');
  });
});

describe('Cache-Control of personal answers', () => {
  it('is private, no-store on customer and admin routes, answered or refused', async () => {
    const answers = await Promise.all([
      getMe(apiEvent({ routeKey: 'GET /me', claims: customerClaims() })),
      getMe(apiEvent({ routeKey: 'GET /me' })),
      getWishlist(apiEvent({ routeKey: 'GET /wishlist', claims: customerClaims() })),
      getOverview(apiEvent({ routeKey: 'GET /admin/overview', claims: customerClaims() })),
      exportOrders(apiEvent({ routeKey: 'GET /admin/orders/export', claims: adminClaims() })),
    ]);

    expect(answers.map((result) => result.statusCode)).toEqual([200, 401, 200, 403, 200]);
    for (const result of answers) expect(cacheControl(result)).toBe('private, no-store');
  });

  it('is private, no-store on an optional-access route called with a token', async () => {
    const signedIn = await getOrder(
      apiEvent({
        routeKey: 'GET /orders/{id}',
        pathParameters: { id: 'o-1' },
        headers: { authorization: await pool.idToken('user-1') },
      }),
    );
    const badToken = await getOrder(
      apiEvent({ routeKey: 'GET /orders/{id}', pathParameters: { id: 'o-1' }, headers: { authorization: 'Bearer x' } }),
    );
    const guest = await getOrder(apiEvent({ routeKey: 'GET /orders/{id}', pathParameters: { id: 'o-1' } }));

    expect([signedIn.statusCode, badToken.statusCode, guest.statusCode]).toEqual([404, 401, 404]);
    expect(cacheControl(signedIn)).toBe('private, no-store');
    expect(cacheControl(badToken)).toBe('private, no-store');
    expect(cacheControl(guest)).toBe('no-store');
  });
});

describe('Cache-Control of other public answers', () => {
  it('is no-store for forms and the checkout', async () => {
    const answers = await Promise.all([
      sendContactMessage(
        apiEvent({
          routeKey: 'POST /contact',
          body: { name: 'Anna', email: 'anna@example.ch', subject: 'Sizes', message: 'Does the coat run large?' },
        }),
      ),
      subscribe(apiEvent({ routeKey: 'POST /newsletter/subscribers', body: { email: 'anna@example.ch' } })),
      createCheckout(apiEvent({ routeKey: 'POST /checkout', body: {} })),
    ]);

    expect(answers.map((result) => result.statusCode)).toEqual([201, 202, 400]);
    for (const result of answers) expect(cacheControl(result)).toBe('no-store');
  });
});

describe('the route table', () => {
  it('shares only answers of public GET routes, and only the catalogue reads', () => {
    const shared = routes.filter((route) => 'cache' in route && route.cache === 'shared');
    expect(shared.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /products',
      'GET /products/{id}',
      'GET /sitemap.xml',
    ]);
    for (const route of shared) expect([route.method, route.access]).toEqual(['GET', 'public']);
  });

  it('chooses by access, token and status', () => {
    const catalogue = { access: 'public', cache: 'shared' } as const;
    expect(cacheControlFor(catalogue, { withToken: false, statusCode: 200 })).toBe(CACHE_CONTROL.shared);
    expect(cacheControlFor(catalogue, { withToken: false, statusCode: 304 })).toBe(CACHE_CONTROL.none);
    expect(cacheControlFor(catalogue, { withToken: true, statusCode: 200 })).toBe(CACHE_CONTROL.personal);
    expect(cacheControlFor({ access: 'optional' }, { withToken: false, statusCode: 200 })).toBe(CACHE_CONTROL.none);
    expect(cacheControlFor({ access: 'customer' }, { withToken: false, statusCode: 401 })).toBe(CACHE_CONTROL.personal);
    expect(cacheControlFor({ access: 'admin', cache: 'shared' }, { withToken: false, statusCode: 200 })).toBe(
      CACHE_CONTROL.personal,
    );
    expect(CACHE_CONTROL.shared).toBe(SHARED);
  });
});
