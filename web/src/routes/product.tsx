import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../api/client';
import { paths } from '../config/paths';
import { ErrorMessage } from '../components/ui/error-message';
import { StatusMessage } from '../components/ui/status-message';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { productQuery } from '../features/catalog/api/get-product';
import { ProductDetails } from '../features/catalog/components/product-details';

function BackToProducts() {
  const { t } = useTranslation();
  return (
    <Link to={paths.products.getHref()} className="back-link">
      <ArrowLeft aria-hidden="true" size={16} />
      {t('product.backToProducts')}
    </Link>
  );
}

export function ProductRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const product = useQuery(productQuery(id));
  const notFound = isApiError(product.error) && product.error.code === 'NOT_FOUND';
  useDocumentTitle(product.data?.name ?? (notFound ? t('product.notFound') : undefined));

  if (product.isPending) return <StatusMessage>{t('product.loading')}</StatusMessage>;
  if (notFound) {
    return (
      <div className="page not-found">
        <h1>{t('product.notFound')}</h1>
        <BackToProducts />
      </div>
    );
  }
  if (product.isError) return <ErrorMessage error={product.error} onRetry={() => void product.refetch()} />;

  return (
    <div className="page">
      <BackToProducts />
      <ProductDetails product={product.data} />
    </div>
  );
}
