import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { usePageMeta } from '../components/ui/use-page-meta';
import { ProductCatalog } from '../features/catalog/components/product-catalog';
import { ProductSearchResults } from '../features/catalog/components/product-search-results';
import {
  listViewFrom,
  withArrangement,
  withListView,
  type ListView,
  type ViewUpdate,
} from '../features/catalog/lib/list-view';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';

const wishlistHeart = (product: ProductDto) => <WishlistButton product={product} />;

/** Whether two query strings hold the same parameters, whatever their order. */
function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const entries = (params: URLSearchParams) => [...params].map(([key, value]) => `${key}=${value}`).sort();
  return entries(a).join('&') === entries(b).join('&');
}

/**
 * /products?category=<id> filters, /products?q=<text> searches (the header's search box leads
 * here); `sort`, `color` and `size` arrange either list. The URL holds all of it, so a list can
 * be shared, bookmarked and returned to from a product.
 */
export function ProductsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { category, q, sort, color, size } = listViewFrom(params);
  // One object per distinct view, so the grid's fade swap sees a change only when there is one.
  const view = useMemo<ListView>(() => ({ category, q, sort, color, size }), [category, q, sort, color, size]);

  usePageMeta({
    title: q ? t('products.searchHeading', { query: q }) : t('products.title'),
    description: t('products.metaDescription'),
  });

  // The query string last asked for. React Router renders a navigation in a transition, so a
  // second change (two quick choices in the toolbar) can come before the first is drawn, and its
  // own `current` params would still be the old ones: build on what was asked for instead.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const changeView = useCallback(
    (update: ViewUpdate<ListView>, { replace = false }: { replace?: boolean } = {}) => {
      const next = withListView(latest.current, update(listViewFrom(latest.current)));
      latest.current = next;
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );

  // `?category=Outer Wear` and `?category=outer-wear` are the same page, as are `?sort=featured`
  // (the default) or an unknown sort and none: keep one URL for each list.
  useEffect(() => {
    if (!sameParams(withListView(params, view), params)) changeView((current) => current, { replace: true });
  }, [params, view, changeView]);

  if (q) {
    return (
      <div className="page">
        <ProductSearchResults
          query={q}
          arrangement={view}
          onArrangementChange={(update, options) =>
            changeView((current) => withArrangement(current, update(current)), options)
          }
          renderCardAction={wishlistHeart}
        />
      </div>
    );
  }

  return (
    <div className="page">
      <h1>{t('products.title')}</h1>
      <ProductCatalog
        view={view}
        onViewChange={(update, options) => changeView((current) => ({ q: '', ...update(current) }), options)}
        renderCardAction={wishlistHeart}
      />
    </div>
  );
}
