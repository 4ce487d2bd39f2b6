import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { distinctCategories } from '@linea/shared/domain/category';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { productsQuery } from '../api/get-products';
import { CategoryFilter, type CategoryOption } from './category-filter';
import { ProductGrid } from './product-grid';

export interface ProductCatalogProps {
  /** Category id from the URL (`?category=`); undefined shows all products. */
  category: string | undefined;
  onCategoryChange: (category: string | undefined) => void;
}

/**
 * The category buttons come from the loaded products, so the whole in-stock list is fetched
 * once and filtered here: switching category is instant and needs no request.
 */
export function ProductCatalog({ category, onCategoryChange }: ProductCatalogProps) {
  const { t } = useTranslation();
  const products = useQuery(productsQuery());

  const categories = useMemo<CategoryOption[]>(() => {
    const items = products.data ?? [];
    return distinctCategories(items).map((id) => ({
      id,
      name: items.find((product) => product.categoryId === id)?.category ?? id,
    }));
  }, [products.data]);

  const visible = useMemo(
    () => (products.data ?? []).filter((product) => !category || product.categoryId === category),
    [products.data, category],
  );

  return (
    <div className="product-catalog">
      <CategoryFilter categories={categories} selected={category} onSelect={onCategoryChange} />
      {products.isPending ? (
        <StatusMessage>{t('products.loading')}</StatusMessage>
      ) : products.isError ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : visible.length === 0 ? (
        <StatusMessage>{t('products.empty')}</StatusMessage>
      ) : (
        <ProductGrid products={visible} />
      )}
    </div>
  );
}
