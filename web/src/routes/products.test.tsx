import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequestUrl, productFixture } from '../testing/fixtures';
import { setUpTestRuntime } from '../testing/runtime';
import { renderWithProviders } from '../testing/render';
import { ProductsRoute } from './products';

const items = [
  productFixture({ id: 'tee', name: 'Organic Cotton Tee', category: 'Basics' }),
  productFixture({ id: 'parka', name: 'Field Parka', category: 'Outer Wear' }),
];

function stubCatalogue() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = apiRequestUrl(input);
    const q = url.searchParams.get('q');
    const found = q ? items.filter((item) => item.name.toLowerCase().includes(q.toLowerCase())) : items;
    return new Response(JSON.stringify({ items: found }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const listedNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('/products', () => {
  setUpTestRuntime({ session: 'signedOut' });

  it('filters by ?category= using the category id rule and keeps the URL in that form', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductsRoute />, { path: '/products?category=Outer%20Wear' });

    await screen.findByRole('link', { name: /^Field Parka/ });
    expect(listedNames()).toEqual(['Field Parka']);
    expect(screen.getByRole('button', { name: 'Outer Wear' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(router.state.location.search).toBe('?category=outer-wear'));
    expect(document.title).toBe('Products · LINEA');
  });

  it('writes the chosen category into the URL', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductsRoute />, { path: '/products' });
    await screen.findByRole('link', { name: /^Field Parka/ });
    screen.getByRole('button', { name: 'Basics' }).click();
    await waitFor(() => expect(router.state.location.search).toBe('?category=basics'));
    await waitFor(() => expect(listedNames()).toEqual(['Organic Cotton Tee']));
  });

  it('shows search results for ?q= instead of the category filter', async () => {
    const fetch = stubCatalogue();
    renderWithProviders(<ProductsRoute />, { path: '/products?q=%20parka%20' });

    expect(screen.getByRole('heading', { level: 1, name: 'Results for "parka"' })).toBeTruthy();
    await screen.findByRole('link', { name: /^Field Parka/ });
    expect(listedNames()).toEqual(['Field Parka']);
    expect(screen.queryByRole('group', { name: 'Filter by category' })).toBeNull();
    expect(fetch.mock.calls.map(([input]) => apiRequestUrl(input).search)).toEqual(['?q=parka&lang=en']);
  });

  it('puts a wishlist heart on every card without asking for a wishlist when signed out', async () => {
    const fetch = stubCatalogue();
    renderWithProviders(<ProductsRoute />, { path: '/products' });
    const card = await screen.findByRole('article', { name: 'Organic Cotton Tee' });
    const heart = within(card).getByRole('button', { name: 'Add to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(fetch.mock.calls.every(([input]) => apiRequestUrl(input).pathname === '/products')).toBe(true);
  });
});
