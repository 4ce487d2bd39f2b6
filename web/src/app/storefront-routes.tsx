import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@linea/shared/domain/money';
import { StatusMessage } from '../components/ui/status-message';
import { paths } from '../config/paths';
import { currentLocale } from '../i18n/i18n';
import { NotFoundRoute } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { RootLayout } from './root-layout';

/**
 * The app's route tree around its pages (the shell's layout, its error and loading states, the
 * not-found page) and the storefront's pages that the host prerenders: home, the catalogue, a
 * product, the static pages (STATIC_PAGES). The browser's router (router.tsx) adds the pages
 * that belong to a shopper or the back office, which the host serves as the empty shell
 * (server/page-routing.ts); the server renderer (server/render.tsx) builds its tree from this
 * module alone, so its bundle (one file: a Lambda function's does not split its lazy imports)
 * holds the code of the pages it renders and not that of the cart, the account, the back office
 * or Amplify.
 */

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
export const relative = (path: string) => path.replace(/^\//, '');

export interface RouteOptions {
  /**
   * The page's language, for the loaders' prefetches: the app's i18next in the browser, the
   * requested language on the server (which renders with an i18next instance of its own).
   */
  locale?: () => Locale;
}

/**
 * The route tree with `pages` inside the shell, and the not-found page for any other path. The
 * order of the pages does not matter: the router ranks paths by how specific they are.
 */
export function routeTree(pages: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootError,
      children: [
        {
          ErrorBoundary: RouteError,
          HydrateFallback: PageFallback,
          children: [...pages, { path: '*', Component: NotFoundRoute }],
        },
      ],
    },
  ];
}

/**
 * The pages the host prerenders, each a lazy route: its code is a separate chunk. Catalogue pages
 * start their data request in the loader, in parallel with downloading the page's code; the
 * fetchers themselves are imported there too, so the API contracts stay out of the entry.
 */
export function storefrontPages(queryClient: QueryClient, locale: () => Locale): RouteObject[] {
  return [
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
  ];
}

/**
 * The route tree of the prerendered pages alone, for the server renderer: any other path,
 * a shopper's page among them, is the not-found page here (the host never prerenders those).
 */
export function createStorefrontRoutes(
  queryClient: QueryClient,
  { locale = currentLocale }: RouteOptions = {},
): RouteObject[] {
  return routeTree(storefrontPages(queryClient, locale));
}
