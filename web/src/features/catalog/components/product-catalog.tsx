import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { distinctCategories } from '@linea/shared/domain/category';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { productsQuery } from '../api/get-products';
import { useFadeSwap } from '../hooks/use-fade-swap';
import { CategoryFilter, type CategoryOption } from './category-filter';
import { ProductGrid } from './product-grid';

export interface ProductCatalogProps {
  /** Category id from the URL (`?category=`); undefined shows all products. */
  category: string | undefined;
  onCategoryChange: (category: string | undefined) => void;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

/**
 * The category buttons come from the loaded products, so the whole in-stock list is fetched
 * once and filtered here: switching category is instant and needs no request. The button
 * follows the click at once; the grid fades out first and then swaps (spec §2).
 */
export function ProductCatalog({ category, onCategoryChange, renderCardAction }: ProductCatalogProps) {
  const { t } = useTranslation();
  const products = useQuery(productsQuery({}, useLocale()));
  const { shown, leaving } = useFadeSwap(category);

  const categories = useMemo<CategoryOption[]>(() => {
    const items = products.data ?? [];
    return distinctCategories(items).map((id) => ({
      id,
      name: items.find((product) => product.categoryId === id)?.category ?? id,
    }));
  }, [products.data]);

  const visible = useMemo(
    () => (products.data ?? []).filter((product) => !shown || product.categoryId === shown),
    [products.data, shown],
  );

  return (
    <div className="product-catalog">
      <CategoryFilter categories={categories} selected={category} onSelect={onCategoryChange} />
      {products.isPending ? (
        <StatusMessage>{t('products.loading')}</StatusMessage>
      ) : products.isError ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <div className="catalog-results" data-leaving={leaving || undefined} aria-busy={leaving || undefined}>
          {visible.length === 0 ? (
            <StatusMessage>{t('products.empty')}</StatusMessage>
          ) : (
            // A new key per category remounts the cards, so each swap replays their entrance.
            <ProductGrid key={shown ?? ''} products={visible} renderAction={renderCardAction} />
          )}
        </div>
      )}
    </div>
  );
}
