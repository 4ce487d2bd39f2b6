import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@linea/shared/domain/money';
import { StatusMessage } from '../components/ui/status-message';
import { paths } from '../config/paths';
import { currentLocale } from '../i18n/i18n';
import { redirectIfSignedIn, requireAdminSession, requireSession } from '../routes/guards';
import { NotFoundRoute } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { RootLayout } from './root-layout';

/**
 * What a route tells about itself: its page module under src/routes/, by which the build names
 * the page's own chunks and styles (the route-assets plugin in vite.config.ts), so that a page
 * rendered on the server links them in its head instead of loading them late.
 */
export interface PageHandle {
  readonly module: string;
}

/** Shown inside the shell while the first page's code downloads. */
function PageFallback() {
  const { t } = useTranslation();
  return <StatusMessage>{t('common.loading')}</StatusMessage>;
}

/** If the shell itself fails, the error page stands alone. */
function RootError() {
  return (
    <main id="main-content" className="container main">
      <RouteError />
    </main>
  );
}

/** A path relative to the root route, from `paths`. */
const relative = (path: string) => path.replace(/^\//, '');

export interface RouteOptions {
  /**
   * The page's language, for the loaders' prefetches: the app's i18next in the browser, the
   * requested language on the server (which renders with an i18next instance of its own).
   */
  locale?: () => Locale;
}

/**
 * Every page is a lazy route: its code (and everything only it uses, like Amplify for /auth
 * and the account pages, or the admin back office with its texts) is a separate chunk. Catalogue pages
 * start their data request in the loader, in parallel with downloading the page's code; the
 * fetchers themselves are imported there too, so the API contracts stay out of the entry.
 */
export function createRoutes(queryClient: QueryClient, { locale = currentLocale }: RouteOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootError,
      children: [
        {
          ErrorBoundary: RouteError,
          HydrateFallback: PageFallback,
          children: [
            {
              id: 'home',
              index: true,
              // The featured products are a slice of the catalogue: the same request as /products.
              loader: () => {
                void import('../features/catalog/api/get-products').then(({ productsQuery }) =>
                  queryClient.prefetchQuery(productsQuery({}, locale())),
                );
                return null;
              },
              handle: { module: 'home' } satisfies PageHandle,
              lazy: () => import('../routes/home').then((m) => ({ Component: m.HomeRoute })),
            },
            {
              id: 'products',
              path: relative(paths.products.path),
              // Sort and filters (`sort`, `color`, `size`) arrange the list in the browser: the
              // request is the same for any of them, the whole catalogue or the search.
              loader: ({ request }) => {
                const params = new URL(request.url).searchParams;
                void import('../features/catalog/api/get-products').then(({ productsQuery, searchTextFrom }) => {
                  const q = searchTextFrom(params);
                  return queryClient.prefetchQuery(productsQuery(q ? { q } : {}, locale()));
                });
                return null;
              },
              // Re-run it only for another search, not for every change of sort or filter.
              shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                defaultShouldRevalidate &&
                (currentUrl.pathname !== nextUrl.pathname ||
                  currentUrl.searchParams.get('q') !== nextUrl.searchParams.get('q')),
              handle: { module: 'products' } satisfies PageHandle,
              lazy: () => import('../routes/products').then((m) => ({ Component: m.ProductsRoute })),
            },
            {
              id: 'product',
              path: relative(paths.product.path),
              loader: ({ params }) => {
                const id = params.id;
                if (id) {
                  void import('../features/catalog/api/get-product').then(({ productQuery }) =>
                    queryClient.prefetchQuery(productQuery(id, locale())),
                  );
                }
                return null;
              },
              handle: { module: 'product' } satisfies PageHandle,
              lazy: () => import('../routes/product').then((m) => ({ Component: m.ProductRoute })),
            },
            {
              path: relative(paths.wishlist.path),
              handle: { module: 'wishlist' } satisfies PageHandle,
              lazy: () => import('../routes/wishlist').then((m) => ({ Component: m.WishlistRoute })),
            },
            {
              path: relative(paths.about.path),
              handle: { module: 'about' } satisfies PageHandle,
              lazy: () => import('../routes/about').then((m) => ({ Component: m.AboutRoute })),
            },
            {
              path: relative(paths.contact.path),
              handle: { module: 'contact' } satisfies PageHandle,
              lazy: () => import('../routes/contact').then((m) => ({ Component: m.ContactRoute })),
            },
            {
              path: relative(paths.cart.path),
              handle: { module: 'cart' } satisfies PageHandle,
              lazy: () => import('../routes/cart').then((m) => ({ Component: m.CartRoute })),
            },
            {
              path: relative(paths.checkout.path),
              handle: { module: 'checkout' } satisfies PageHandle,
              lazy: () => import('../routes/checkout').then((m) => ({ Component: m.CheckoutRoute })),
            },
            {
              id: 'order-confirmation',
              path: relative(paths.orderConfirmation.path),
              // Creating or loading the order starts alongside the page's code.
              loader: ({ params }) => {
                const id = params.orderId;
                if (id) {
                  void import('../features/orders/api/confirmation-order-query').then(({ confirmationOrderQuery }) =>
                    queryClient.prefetchQuery(confirmationOrderQuery(id)),
                  );
                }
                return null;
              },
              handle: { module: 'order-confirmation' } satisfies PageHandle,
              lazy: () => import('../routes/order-confirmation').then((m) => ({ Component: m.OrderConfirmationRoute })),
            },
            {
              id: 'auth',
              path: relative(paths.auth.path),
              loader: redirectIfSignedIn,
              handle: { module: 'auth' } satisfies PageHandle,
              lazy: () => import('../routes/auth').then((m) => ({ Component: m.AuthRoute })),
            },
            {
              id: 'dashboard',
              path: relative(paths.dashboard.path),
              loader: requireSession,
              handle: { module: 'dashboard' } satisfies PageHandle,
              lazy: () => import('../routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
            },
            {
              path: relative(paths.sizeGuide.path),
              handle: { module: 'size-guide' } satisfies PageHandle,
              lazy: () => import('../routes/size-guide').then((m) => ({ Component: m.SizeGuideRoute })),
            },
            {
              path: relative(paths.shippingReturns.path),
              handle: { module: 'shipping-returns' } satisfies PageHandle,
              lazy: () => import('../routes/shipping-returns').then((m) => ({ Component: m.ShippingReturnsRoute })),
            },
            {
              path: relative(paths.faq.path),
              handle: { module: 'faq' } satisfies PageHandle,
              lazy: () => import('../routes/faq').then((m) => ({ Component: m.FaqRoute })),
            },
            {
              path: relative(paths.terms.path),
              handle: { module: 'terms' } satisfies PageHandle,
              lazy: () => import('../routes/terms').then((m) => ({ Component: m.TermsRoute })),
            },
            {
              path: relative(paths.privacy.path),
              handle: { module: 'privacy' } satisfies PageHandle,
              lazy: () => import('../routes/privacy').then((m) => ({ Component: m.PrivacyRoute })),
            },
            {
              path: relative(paths.newsletterConfirm.path),
              handle: { module: 'newsletter-confirm' } satisfies PageHandle,
              lazy: () => import('../routes/newsletter-confirm').then((m) => ({ Component: m.NewsletterConfirmRoute })),
            },
            {
              path: relative(paths.unsubscribe.path),
              handle: { module: 'unsubscribe' } satisfies PageHandle,
              lazy: () => import('../routes/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })),
            },
            {
              path: relative(paths.adminLogin.path),
              handle: { module: 'admin-login' } satisfies PageHandle,
              lazy: () => import('../routes/admin-login').then((m) => ({ Component: m.AdminLoginRoute })),
            },
            {
              id: 'admin',
              path: relative(paths.admin.path),
              loader: requireAdminSession,
              handle: { module: 'admin' } satisfies PageHandle,
              lazy: () => import('../routes/admin').then((m) => ({ Component: m.AdminRoute })),
            },
            { path: '*', Component: NotFoundRoute },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient): DataRouter {
  return createBrowserRouter(createRoutes(queryClient));
}

/**
 * The router for a page rendered on the server (server/render.tsx), ready to take its HTML over
 * as it is. The page's route modules are loaded first (react-router's pattern for lazy routes
 * with server rendering), or it would render their HydrateFallback; and it starts from the
 * loader data the server had, null from each loader (they only prefetch into the query cache,
 * which the page carries), or it would run them again and render the fallback meanwhile.
 */
export async function createHydratingRouter(queryClient: QueryClient): Promise<DataRouter> {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  const loaderData: Record<string, null> = {};
  for (const { route } of matches) {
    if (!route.loader) continue;
    // The router names a route without an id on its own copy of it: the data is keyed by this one.
    if (!route.id) throw new Error(`The route with a loader at '${route.path ?? '(index)'}' needs an id`);
    loaderData[route.id] = null;
  }
  return createBrowserRouter(routes, { hydrationData: { loaderData } });
}
