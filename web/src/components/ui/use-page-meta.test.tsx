import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from './use-page-meta';

describe('usePageMeta', () => {
  it('writes title, description, Open Graph tags and escaped JSON-LD, and removes the JSON-LD on leave', () => {
    const { unmount } = renderHook(() =>
      usePageMeta({
        title: 'Wool Coat',
        description: 'Double-faced wool.',
        image: '/images/products/coat-1.svg',
        type: 'product',
        jsonLd: { '@type': 'Product', name: '</script><b>' },
      }),
    );
    expect(document.title).toContain('Wool Coat');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Double-faced wool.');
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('product');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /^http.*\/images\/products\/coat-1\.svg$/,
    );
    const script = document.getElementById('page-json-ld')!;
    expect(script.textContent).not.toContain('</script>');
    expect(JSON.parse(script.textContent!)).toEqual({ '@type': 'Product', name: '</script><b>' });
    unmount();
    expect(document.getElementById('page-json-ld')).toBeNull();
  });

  it('marks a page noindex only while it asks for it', () => {
    const { rerender } = renderHook((props: { noindex?: boolean }) => usePageMeta({ title: 'Checkout', ...props }), {
      initialProps: { noindex: true } as { noindex?: boolean },
    });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    rerender({});
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('names the page in each language by ?lang= and x-default, and none for a page kept out of search', () => {
    window.history.replaceState(null, '', '/products?category=outerwear&lang=de');
    const { rerender } = renderHook((props: { noindex?: boolean }) => usePageMeta({ title: 'Products', ...props }), {
      initialProps: {} as { noindex?: boolean },
    });
    const alternates = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [
        link.hreflang,
        link.getAttribute('href'),
      ]);
    const origin = window.location.origin;
    expect(alternates()).toEqual([
      ['en', `${origin}/products?category=outerwear&lang=en`],
      ['de', `${origin}/products?category=outerwear&lang=de`],
      ['x-default', `${origin}/products?category=outerwear`],
    ]);
    rerender({ noindex: true });
    expect(alternates()).toEqual([]);
    window.history.replaceState(null, '', '/');
  });
});
