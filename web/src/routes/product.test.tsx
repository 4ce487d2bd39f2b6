import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonFetch, productFixture } from '../testing/fixtures';
import { setUpTestRuntime } from '../testing/runtime';
import { renderRoutes } from '../testing/render';
import { ProductRoute } from './product';

const tee = productFixture({
  id: 'tee',
  name: 'Essential Organic Tee',
  description: 'Dense organic jersey.',
  price: 4900,
  images: ['/images/products/tee-1.svg'],
  colors: ['Chalk'],
});

function renderProduct(id: string) {
  return renderRoutes([{ path: '/product/:id', element: <ProductRoute /> }], `/product/${id}`);
}

describe('/product/{id}', () => {
  setUpTestRuntime({ session: 'signedOut' });

  it('publishes title, description, image and schema.org Product data for the page', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products/tee': { body: tee } })));
    renderProduct('tee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Essential Organic Tee' })).toBeTruthy();

    expect(document.title).toBe('Essential Organic Tee · LINEA');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Dense organic jersey.',
    );
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('product');
    const jsonLd = JSON.parse(document.getElementById('page-json-ld')!.textContent!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Essential Organic Tee',
      sku: 'tee',
      brand: { name: 'LINEA' },
      image: [`${window.location.origin}/images/products/tee-1.svg`],
      offers: { price: '49.00', priceCurrency: 'CHF', availability: 'https://schema.org/InStock' },
    });
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
  });

  it('keeps the product in view when refreshing it fails', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products/tee': { body: tee } })));
    const { queryClient } = renderProduct('tee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Essential Organic Tee' })).toBeTruthy();

    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products/tee': { status: 503, body: { error: 'INTERNAL' } } })));
    await act(async () => {
      await queryClient.refetchQueries();
      // The query tells its observers a task later.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    expect(queryClient.getQueryState(['catalog', 'product', 'tee', 'en'])?.status).toBe('error');
    expect(screen.getByRole('heading', { level: 1, name: 'Essential Organic Tee' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Product not found' with a way back for an unknown id", async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({})));
    renderProduct('nope');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Products' }).getAttribute('href')).toBe('/products');
  });
});
