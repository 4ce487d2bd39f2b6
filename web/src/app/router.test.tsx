import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STATIC_PAGES } from '@linea/shared/domain/site-map';
import { paths } from '../config/paths';
import { jsonFetch, productFixture } from '../testing/fixtures';
import { setUpTestRuntime } from '../testing/runtime';
import { createTestQueryClient, renderRoutes } from '../testing/render';
import { createRoutes, preloadRouteModules } from './router';
import { createStorefrontRoutes } from './storefront-routes';

/** Each page is a lazy chunk; on a busy machine its first import can take more than a second. */
const LAZY = { timeout: 5000 };

function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(queryClient), path, queryClient);
}

/** The paths of the pages inside the shell, as `paths` writes them (the index as '/'). */
const pagePaths = (routes: RouteObject[]) =>
  (routes[0]?.children?.[0]?.children ?? []).map((route) => (route.index ? '/' : `/${route.path ?? ''}`)).sort();

describe('route trees', () => {
  it("gives the server renderer the prerendered pages alone, and the browser every page of the app's", () => {
    const queryClient = createTestQueryClient();
    expect(pagePaths(createStorefrontRoutes(queryClient))).toEqual([...STATIC_PAGES, paths.product.path, '/*'].sort());
    const appPaths = [...new Set(Object.values(paths).map((entry) => entry.path))];
    expect(pagePaths(createRoutes(queryClient))).toEqual([...appPaths, '/*'].sort());
  });
});

describe('router', () => {
  setUpTestRuntime({ session: 'signedOut' });

  it('shows the not-found page inside the shell for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('sends a visitor without a session from /dashboard to /auth', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('tab', { name: 'Sign In' }, LAZY)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it("shows 'Product not found' with a way back for an unknown product", async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({})));
    renderApp('/product/nope');
    expect(await screen.findByRole('heading', { name: 'Product not found' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Products' }).getAttribute('href')).toBe('/products');
  });

  it('shows a product with its name, CHF price, colours and sizes', async () => {
    const product = productFixture({ id: 'tee', name: 'Organic Cotton Tee', price: 4900, colors: ['Black', 'Sand'] });
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products/tee': { body: product } })));
    renderApp('/product/tee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Tee' }, LAZY)).toBeTruthy();
    expect(screen.getByText('CHF 49.00')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Color' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Sand' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'M' })).toBeTruthy();
  });
});

describe('preloadRouteModules', () => {
  const route = (path: string, lazy: () => Promise<object>): RouteObject => ({ path, lazy });

  it('starts loading the code of the routes at the address only, and leaves a failure to the router', async () => {
    const cart = vi.fn(() => Promise.reject(new Error('offline')));
    const checkout = vi.fn(() => Promise.resolve({}));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRouteModules([{ path: '/', children: [route('cart', cart), route('checkout', checkout)] }], {
        pathname: '/cart',
      });
      expect(cart).toHaveBeenCalledOnce();
      expect(checkout).not.toHaveBeenCalled();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
