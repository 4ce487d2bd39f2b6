import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { paths } from '../../../config/paths';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { productsQuery } from '../api/get-products';
import { ProductGrid } from './product-grid';

export interface ProductSearchResultsProps {
  /** The search text, already trimmed (see `searchTextFrom`). */
  query: string;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

/** /products?q=…: the server's search over the in-stock catalogue, best matches first. */
export function ProductSearchResults({ query, renderCardAction }: ProductSearchResultsProps) {
  const { t } = useTranslation();
  const results = useQuery(productsQuery({ q: query }, useLocale()));

  return (
    <div className="product-search">
      <div className="catalog-header">
        <h1>{t('products.searchHeading', { query })}</h1>
        <Link to={paths.products.getHref()} className="catalog-header-link">
          {t('products.viewAll')}
        </Link>
      </div>
      {results.isPending ? (
        <StatusMessage>{t('products.searchLoading')}</StatusMessage>
      ) : results.isError ? (
        <ErrorMessage error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <StatusMessage>{t('products.searchEmpty', { query })}</StatusMessage>
      ) : (
        <ProductGrid key={query} products={results.data} renderAction={renderCardAction} />
      )}
    </div>
  );
}
