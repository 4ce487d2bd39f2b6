import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { ErrorMessage } from '../components/ui/error-message';
import { StatusMessage } from '../components/ui/status-message';
import { usePageOrigin } from '../components/ui/server-page';
import type { PageMeta } from '../components/ui/page-head';
import { usePageMeta } from '../components/ui/use-page-meta';
import { productQuery } from '../features/catalog/api/get-product';
import { ProductDetails } from '../features/catalog/components/product-details';
import { backToListHref } from '../features/catalog/lib/list-view';
import { productJsonLd, summarise } from '../features/catalog/lib/product-json-ld';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';
import { useLocale } from '../i18n/i18n';

/** Back to the list the shopper came from (its category, search, sort and filters), else to /products. */
function BackToProducts() {
  const { t } = useTranslation();
  const { state } = useLocation();
  return (
    <Link to={backToListHref(state)} className="back-link">
      <ArrowLeft aria-hidden="true" size={16} />
      {t('product.backToProducts')}
    </Link>
  );
}

export function ProductRoute() {
  const { t } = useTranslation();
  const origin = usePageOrigin();
  const { id = '' } = useParams();
  const product = useQuery(productQuery(id, useLocale()));
  const notFound = isApiError(product.error) && product.error.code === 'NOT_FOUND';

  const meta: PageMeta = product.data
    ? {
        title: product.data.name,
        description: summarise(product.data.description),
        image: product.data.images[0],
        type: 'product',
        jsonLd: productJsonLd(product.data, { origin, brand: t('brand.name') }),
      }
    : { title: notFound ? t('product.notFound') : undefined };
  usePageMeta(meta);

  if (product.isPending) return <StatusMessage>{t('product.loading')}</StatusMessage>;
  if (notFound) {
    return (
      <div className="page not-found">
        <h1>{t('product.notFound')}</h1>
        <BackToProducts />
      </div>
    );
  }
  // A refresh that failed leaves the product it had in view: a prerendered page refreshes its
  // product as it opens, and an API that is down for a moment should not blank it.
  if (!product.data) return <ErrorMessage error={product.error} onRetry={() => void product.refetch()} />;

  return (
    <div className="page">
      <BackToProducts />
      {/* Keyed by product: another product's page starts with fresh choices. */}
      <ProductDetails
        key={product.data.id}
        product={product.data}
        wishlistToggle={<WishlistButton product={product.data} variant="outline" />}
      />
    </div>
  );
}
