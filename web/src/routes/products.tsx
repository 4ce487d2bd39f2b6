import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { categoryId } from '@linea/shared/domain/category';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { ProductCatalog } from '../features/catalog/components/product-catalog';

/** /products?category=<id>: the URL holds the filter, so it can be shared and bookmarked. */
export function ProductsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('products.title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = raw ? categoryId(raw) : undefined;

  return (
    <div className="page">
      <h1>{t('products.title')}</h1>
      <ProductCatalog
        category={category}
        onCategoryChange={(next) => setParams(next ? { category: next } : {}, { preventScrollReset: true })}
      />
    </div>
  );
}
