import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTesting } from '../../../config/runtime-config';
import { useSessionStore } from '../../../stores/session-store';
import { jsonFetch, productFixture, testConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { WishlistView } from './wishlist-view';

const renderProducts = (products: readonly { id: string; name: string }[]) => (
  <ul aria-label="Saved">
    {products.map((product) => (
      <li key={product.id}>{product.name}</li>
    ))}
  </ul>
);

beforeEach(() => setRuntimeConfigForTesting(testConfig));
afterEach(() => {
  vi.unstubAllGlobals();
  setRuntimeConfigForTesting(undefined);
  useSessionStore.setState({ status: 'signedOut', confirmed: true });
});

describe('WishlistView', () => {
  it('asks a signed-out visitor to sign in instead of showing an empty list', () => {
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<WishlistView renderProducts={renderProducts} />);

    expect(screen.getByRole('heading', { name: 'Sign in to see your wishlist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByText('Your wishlist is empty')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Your wishlist is empty' with a browse-products action", async () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /wishlist': { body: { items: [] } } })));
    renderWithProviders(<WishlistView renderProducts={renderProducts} />);

    expect(screen.getByRole('status').textContent).toBe('Loading your wishlist...');
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
  });

  it('lists the saved products and links on to the shop', async () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const items = [productFixture({ id: 'tee', name: 'Essential Organic Tee' })];
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /wishlist': { body: { items } } })));
    renderWithProviders(<WishlistView renderProducts={renderProducts} />);

    expect(await screen.findByRole('list', { name: 'Saved' })).toBeTruthy();
    expect(screen.getByText('Essential Organic Tee')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });
});
