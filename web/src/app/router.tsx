import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { currentLocale } from '../i18n/i18n';
import { redirectIfSignedIn, requireAdminSession, requireSession } from '../routes/guards';
import { relative, routeTree, storefrontPages, type PageHandle, type RouteOptions } from './storefront-routes';

/**
 * The pages the host does not prerender, which the browser renders into the shell (see
 * server/page-routing.ts): a shopper's (wishlist, cart, checkout, account, sign-in) and the back
 * office. Each is a lazy route, its code (and everything only it uses, like Amplify for /auth and
 * the account pages, or the admin back office with its texts) a separate chunk.
 */
function shellPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(paths.wishlist.path),
      handle: { module: 'wishlist' } satisfies PageHandle,
      lazy: () => import('../routes/wishlist').then((m) => ({ Component: m.WishlistRoute })),
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
  ];
}

/**
 * The app's whole route tree, as the browser routes: the storefront's prerendered pages
 * (storefront-routes.tsx, all the server renderer knows) and the shell's.
 */
export function createRoutes(queryClient: QueryClient, { locale = currentLocale }: RouteOptions = {}): RouteObject[] {
  return routeTree([...storefrontPages(queryClient, locale), ...shellPages(queryClient)]);
}

/** The browser's router over `routes` (the app's own, unless the caller already made them). */
export function createRouter(queryClient: QueryClient, routes: RouteObject[] = createRoutes(queryClient)): DataRouter {
  return createBrowserRouter(routes);
}

/**
 * Starts downloading the code of the routes `routes` match at `location`. A page the browser
 * draws (the shell: cart, checkout) would otherwise ask for it only once the router exists, after
 * the texts, the runtime config's check and the saved cart: one more round trip before its first
 * paint. The router's own call of `lazy` later finds the module loaded (the module system keeps it).
 */
export function preloadRouteModules(routes: RouteObject[], location: Pick<Location, 'pathname'>): void {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    route.lazy().catch(() => {
      // The router loads it again, and shows its error page if that fails too.
    });
  }
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
