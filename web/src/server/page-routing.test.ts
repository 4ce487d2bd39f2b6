// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTING_CODE, pageKey, routeViewerRequest } from './page-routing';

const route = (url: string, extra: { cookies?: Record<string, string>; acceptLanguage?: string } = {}) =>
  routeViewerRequest({ url: new URL(url, 'https://linea.test'), ...extra });

describe('page routing (the CloudFront Function)', () => {
  it.each([
    ['/', '/pages/en/index.html'],
    ['/products', '/pages/en/products.html'],
    ['/products?category=knitwear', '/pages/en/products/category/knitwear.html'],
    ['/product/merino-crew-sweater', '/pages/en/product/merino-crew-sweater.html'],
    ['/size-guide', '/pages/en/size-guide.html'],
    ['/contact', '/pages/en/contact.html'],
    ['/faq', '/pages/en/faq.html'],
  ])('serves %s from its prerendered page', (url, key) => {
    expect(route(url)).toBe(key);
  });

  it.each([
    '/cart',
    '/wishlist',
    '/checkout',
    '/dashboard',
    '/auth',
    '/admin',
    '/admin-login',
    '/unsubscribe',
    '/order-confirmation',
    '/order-confirmation/cs_test_123',
    // Lists arranged by their URL, and any other query, are drawn by the browser.
    '/products?sort=price-asc',
    '/products?category=knitwear&color=Black',
    '/products?q=wool',
    '/products?category=Knit%20Wear',
    '/product/merino-crew-sweater?utm_source=newsletter',
  ])('gives %s the shell', (url) => {
    expect(route(url)).toBe('/pages/en/shell.html');
  });

  it.each(['/nope', '/products/', '/product/', '/product/a/b', '/order-confirmation/a/b'])(
    'sends %s to a page never stored, so it is answered with the not-found page and a 404',
    (url) => {
      expect(route(url)).toBe('/pages/en/missing.html');
    },
  );

  it.each(['/assets/index-abc12345.js', '/favicon.svg', '/robots.txt', '/images/products/tee-1.svg', '/index.html'])(
    'leaves the file %s alone',
    (url) => {
      expect(route(url)).toBeUndefined();
    },
  );

  it('picks the language from ?lang=, then the cookie, then Accept-Language, else English', () => {
    expect(route('/size-guide?lang=de', { cookies: { lang: 'en' } })).toBe('/pages/de/size-guide.html');
    expect(route('/size-guide', { cookies: { lang: 'de' }, acceptLanguage: 'en' })).toBe('/pages/de/size-guide.html');
    expect(route('/size-guide', { cookies: { lang: 'en' }, acceptLanguage: 'de' })).toBe('/pages/en/size-guide.html');
    expect(route('/size-guide', { acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8' })).toBe('/pages/de/size-guide.html');
    expect(route('/size-guide', { acceptLanguage: 'fr-CH, fr;q=0.9, en;q=0.7, de;q=0.8' })).toBe(
      '/pages/de/size-guide.html',
    );
    expect(route('/size-guide', { acceptLanguage: 'fr, it' })).toBe('/pages/en/size-guide.html');
    expect(route('/size-guide?lang=xx', { cookies: { lang: 'fr' } })).toBe('/pages/en/size-guide.html');
    expect(route('/products?lang=de&category=tops')).toBe('/pages/de/products/category/tops.html');
  });

  it('writes each page under the key a request for it reads', () => {
    for (const url of ['/', '/products', '/products?category=tops', '/product/tee', '/contact']) {
      for (const locale of ['en', 'de'] as const) {
        expect(`/${pageKey(locale, url)}`).toBe(route(url, { cookies: { lang: locale } }));
      }
    }
    expect(pageKey('de', '/product/a%20b')).toBe('pages/de/product/a b.html');
    expect(pageKey('en', '/favicon.svg')).toBeUndefined();
    // An unknown path has no page of its own: the bucket's miss is what makes its answer a 404.
    expect(pageKey('en', '/nope')).toBeUndefined();
  });

  it('is a CloudFront Function: ES5, a handler, under the 10 KB limit', () => {
    expect(PAGE_ROUTING_CODE).toMatch(/^var /);
    expect(PAGE_ROUTING_CODE).toContain('function handler(event)');
    expect(PAGE_ROUTING_CODE).not.toMatch(/\b(let|const|class)\s|=>|`/);
    expect(Buffer.byteLength(PAGE_ROUTING_CODE)).toBeLessThan(10 * 1024);
  });
});
