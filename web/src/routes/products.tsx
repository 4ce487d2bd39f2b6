import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { categoryId } from '@linea/shared/domain/category';
import { usePageMeta } from '../components/ui/use-page-meta';
import { searchTextFrom } from '../features/catalog/api/get-products';
import { ProductCatalog } from '../features/catalog/components/product-catalog';
import { ProductSearchResults } from '../features/catalog/components/product-search-results';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';

const wishlistHeart = (product: ProductDto) => <WishlistButton product={product} />;

/**
 * /products?category=<id> filters, /products?q=<text> searches (the header's search box leads
 * here). The URL holds both, so they can be shared and bookmarked.
 */
export function ProductsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = searchTextFrom(params);
  const raw = params.get('category');
  const category = raw ? categoryId(raw) : undefined;

  usePageMeta({
    title: query ? t('products.searchHeading', { query }) : t('products.title'),
    description: t('products.metaDescription'),
  });

  // `?category=Outer Wear` and `?category=outer-wear` are the same page: keep one URL for it.
  useEffect(() => {
    if (raw !== null && category && raw !== category) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('category', category);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [raw, category, setParams]);

  if (query) {
    return (
      <div className="page">
        <ProductSearchResults query={query} renderCardAction={wishlistHeart} />
      </div>
    );
  }

  return (
    <div className="page">
      <h1>{t('products.title')}</h1>
      <ProductCatalog
        category={category}
        onCategoryChange={(next) => setParams(next ? { category: next } : {}, { preventScrollReset: true })}
        renderCardAction={wishlistHeart}
      />
    </div>
  );
}
