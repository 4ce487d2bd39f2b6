import { describe, expect, it } from 'vitest';
import { RETURN_TO_PARAM, safeReturnTo, signInHref } from './return-to';

describe('safeReturnTo', () => {
  it('returns to a path on this site, with its query and fragment', () => {
    expect(safeReturnTo('/wishlist')).toBe('/wishlist');
    expect(safeReturnTo('/products?category=basics#grid')).toBe('/products?category=basics#grid');
    expect(safeReturnTo('/product/merino-crew-sweater')).toBe('/product/merino-crew-sweater');
  });

  it('falls back to the dashboard when nothing usable was asked for', () => {
    expect(safeReturnTo(null)).toBe('/dashboard');
    expect(safeReturnTo(undefined)).toBe('/dashboard');
    expect(safeReturnTo('')).toBe('/dashboard');
    expect(safeReturnTo(42)).toBe('/dashboard');
    expect(safeReturnTo('wishlist')).toBe('/dashboard');
  });

  it('never leads off the site', () => {
    for (const attempt of [
      'https://evil.example/wishlist',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      ' /wishlist',
    ]) {
      expect(safeReturnTo(attempt), JSON.stringify(attempt)).toBe('/dashboard');
    }
  });

  it('does not send a shopper from /auth back to /auth', () => {
    expect(safeReturnTo('/auth')).toBe('/dashboard');
    expect(safeReturnTo('/auth?returnTo=/wishlist')).toBe('/dashboard');
  });

  it('uses the fallback it is given', () => {
    expect(safeReturnTo('//evil.example', '/')).toBe('/');
  });
});

describe('signInHref', () => {
  it('names the way back in the query', () => {
    expect(signInHref('/wishlist')).toBe(`/auth?${RETURN_TO_PARAM}=%2Fwishlist`);
    expect(safeReturnTo(new URL(signInHref('/wishlist?x=1'), 'http://shop').searchParams.get(RETURN_TO_PARAM))).toBe(
      '/wishlist?x=1',
    );
  });
});
