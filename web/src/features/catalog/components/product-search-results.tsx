import { type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { paths } from '../../../config/paths';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { productsQuery } from '../api/get-products';
import {
  DEFAULT_ARRANGEMENT,
  listSearch,
  productLinkState,
  type ListArrangement,
  type ViewUpdate,
} from '../lib/list-view';
import { ArrangedList } from './arranged-list';
import { SearchSuggestions } from './search-suggestions';

export interface ProductSearchResultsProps {
  /** The search text, already trimmed (see `searchTextFrom`). */
  query: string;
  /** From the URL (`?sort=`, `?color=`, `?size=`). */
  arrangement?: ListArrangement;
  onArrangementChange: (update: ViewUpdate<ListArrangement>, options?: { replace?: boolean }) => void;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

/**
 * /products?q=…: the server's search over the in-stock catalogue, best matches first, then
 * sorted and filtered like the catalogue. When nothing matches, the shop's categories and a few
 * of its products are offered instead of a dead end.
 */
export function ProductSearchResults({
  query,
  arrangement = DEFAULT_ARRANGEMENT,
  onArrangementChange,
  renderCardAction,
}: ProductSearchResultsProps) {
  const { t } = useTranslation();
  const results = useQuery(productsQuery({ q: query }, useLocale()));
  const linkState = productLinkState(listSearch({ q: query, ...arrangement }));

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
        <>
          <StatusMessage className="search-empty">{t('products.searchEmpty', { query })}</StatusMessage>
          <SearchSuggestions linkState={linkState} renderCardAction={renderCardAction} />
        </>
      ) : (
        <ArrangedList
          products={results.data}
          listKey={query}
          arrangement={arrangement}
          onArrangementChange={onArrangementChange}
          linkState={linkState}
          renderCardAction={renderCardAction}
        />
      )}
    </div>
  );
}
