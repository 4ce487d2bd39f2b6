import { describe, expect, it, vi } from 'vitest';
import { apiEvent } from '../../tests/fixtures/api-event';
import { areaHandler, routeKeysOf } from './area';
import type { HttpHandler } from './http';

const answering = (statusCode: number) => vi.fn<HttpHandler>(async () => ({ statusCode }));

describe('an area entry', () => {
  it('hands each event to the handler of its route key, and no other', async () => {
    const handlers = {
      'GET /products': answering(201),
      'GET /products/{id}': answering(202),
      'GET /sitemap.xml': answering(203),
      'GET /promo-codes/{code}': answering(204),
    };
    const entry = areaHandler('catalogue', handlers);
    const event = apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'p1' } });

    await expect(entry(event, { functionName: 'catalogue' })).resolves.toEqual({ statusCode: 202 });
    expect(handlers['GET /products/{id}']).toHaveBeenCalledWith(event, { functionName: 'catalogue' });
    expect(handlers['GET /products']).not.toHaveBeenCalled();
    expect(handlers['GET /sitemap.xml']).not.toHaveBeenCalled();
  });

  it('answers a route key of another area with a 500 and runs nothing (an integration wired to the wrong function)', async () => {
    const listProducts = answering(200);
    const entry = areaHandler('catalogue', {
      'GET /products': listProducts,
      'GET /products/{id}': listProducts,
      'GET /sitemap.xml': listProducts,
      'GET /promo-codes/{code}': listProducts,
    });
    const misrouted = await entry(apiEvent({ routeKey: 'POST /checkout', body: {} }));
    expect(misrouted.statusCode).toBe(500);
    expect(JSON.parse(String(misrouted.body))).toMatchObject({ error: 'INTERNAL' });
    const withoutKey = await entry({ ...apiEvent({ routeKey: 'GET /products' }), routeKey: undefined as never });
    expect(withoutKey.statusCode).toBe(500);
    expect(listProducts).not.toHaveBeenCalled();
  });

  it('refuses to start without a handler for one of its routes, or with one of another area', () => {
    const some = answering(200);
    const incomplete = { 'GET /products': some, 'GET /products/{id}': some, 'GET /sitemap.xml': some };
    expect(() => areaHandler('catalogue', incomplete as never)).toThrow(/no handler for GET \/promo-codes\/\{code\}/);
    const stray = { ...incomplete, 'GET /promo-codes/{code}': some, 'POST /checkout': some };
    expect(() => areaHandler('catalogue', stray)).toThrow(/other areas: POST \/checkout/);
  });

  it("takes the fallback route's $default in its area only", () => {
    expect(routeKeysOf('site')).toContain('$default');
    expect(routeKeysOf('catalogue')).not.toContain('$default');
  });
});
