import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { filterOptions } from '@linea/shared/domain/catalogue-view';
import { distinctCategories } from '@linea/shared/domain/category';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { productsQuery } from '../api/get-products';
import {
  listSearch,
  offeredArrangement,
  productLinkState,
  withArrangement,
  type ListArrangement,
  type ViewUpdate,
} from '../lib/list-view';
import { ArrangedList } from './arranged-list';
import { CategoryFilter, type CategoryOption } from './category-filter';

/** What the catalogue shows: a category (undefined for All) and its arrangement. */
export interface CatalogueView extends ListArrangement {
  category?: string;
}

export interface ProductCatalogProps {
  /** From the URL (`?category=`, `?sort=`, `?color=`, `?size=`). */
  view: CatalogueView;
  onViewChange: (update: ViewUpdate<CatalogueView>, options?: { replace?: boolean }) => void;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

const inCategory = (products: readonly ProductDto[], category: string | undefined) =>
  category ? products.filter((product) => product.categoryId === category) : products;

/**
 * The category buttons come from the loaded products, so the whole in-stock list is fetched
 * once and filtered here: switching category, sort or filter is instant and needs no request.
 * The button follows the click at once; the grid fades out first and then swaps (spec §2).
 */
export function ProductCatalog({ view, onViewChange, renderCardAction }: ProductCatalogProps) {
  const { t } = useTranslation();
  const products = useQuery(productsQuery({}, useLocale()));
  const all = useMemo(() => products.data ?? [], [products.data]);
  const { category } = view;

  const categories = useMemo<CategoryOption[]>(
    () =>
      distinctCategories(all).map((id) => ({
        id,
        name: all.find((product) => product.categoryId === id)?.category ?? id,
      })),
    [all],
  );
  const listed = useMemo(() => inCategory(all, category), [all, category]);

  // Another category keeps the sort, and the colour and size where it offers them: a filter it
  // has no product for would only empty the list, so that one is dropped.
  const selectCategory = (next: string | undefined) =>
    onViewChange((current) => ({
      category: next,
      ...offeredArrangement(current, filterOptions(inCategory(all, next))),
    }));

  return (
    <div className="product-catalog">
      <CategoryFilter categories={categories} selected={category} onSelect={selectCategory} />
      {products.isPending ? (
        <StatusMessage>{t('products.loading')}</StatusMessage>
      ) : products.isError && !products.data ? (
        // A refresh that failed leaves the list it had (a prerendered page refreshes it as it opens).
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : listed.length === 0 ? (
        <StatusMessage>{t('products.empty')}</StatusMessage>
      ) : (
        <ArrangedList
          products={listed}
          listKey={category ?? ''}
          arrangement={view}
          onArrangementChange={(update, options) =>
            onViewChange((current) => withArrangement(current, update(current)), options)
          }
          linkState={productLinkState(listSearch(view))}
          renderCardAction={renderCardAction}
        />
      )}
    </div>
  );
}
