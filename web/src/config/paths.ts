/**
 * Every page's path in one place (as bulletproof-react's `config/paths.ts`): the router uses
 * `path`, links use `getHref`, so a renamed route cannot leave stale links behind.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  products: {
    path: '/products',
    getHref: (category?: string) =>
      category ? `/products?${new URLSearchParams({ category }).toString()}` : '/products',
  },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  wishlist: { path: '/wishlist', getHref: () => '/wishlist' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  cart: { path: '/cart', getHref: () => '/cart' },
  auth: { path: '/auth', getHref: () => '/auth' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
} as const;
