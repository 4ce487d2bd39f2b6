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
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /**
   * Where the payment provider returns to, with its session id (`cs_...`), and where order emails
   * link to, with the order id. The id is optional so that a bare URL explains what is missing.
   */
  orderConfirmation: {
    path: '/order-confirmation/:orderId?',
    getHref: (orderId: string) => `/order-confirmation/${encodeURIComponent(orderId)}`,
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  sizeGuide: { path: '/size-guide', getHref: () => '/size-guide' },
  shippingReturns: { path: '/shipping-returns', getHref: () => '/shipping-returns' },
  faq: { path: '/faq', getHref: () => '/faq' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  /** The sign-up's confirmation link (double opt-in): `?email=&token=&lang=`. */
  newsletterConfirm: { path: '/newsletter/confirm', getHref: () => '/newsletter/confirm' },
  /** The newsletter's unsubscribe link: `?email=&token=&lang=`. */
  unsubscribe: { path: '/unsubscribe', getHref: () => '/unsubscribe' },
  adminLogin: { path: '/admin-login', getHref: () => '/admin-login' },
  /** The back office; `?tab=` names the section (see admin-tabs.ts). */
  admin: {
    path: '/admin',
    getHref: (params?: Record<string, string>) =>
      params ? `/admin?${new URLSearchParams(params).toString()}` : '/admin',
  },
  /** The header's search: the catalogue page filters by `q`. */
  search: {
    path: '/products',
    getHref: (query: string) => `/products?${new URLSearchParams({ q: query }).toString()}`,
  },
} as const;
