import { useId, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { sortProducts } from '@linea/shared/domain/catalogue-view';
import { SHOP_CATEGORIES } from '../../../components/layout/shop-categories';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../i18n/i18n';
import { productsQuery } from '../api/get-products';
import type { ProductLinkState } from '../lib/list-view';
import { ProductGrid } from './product-grid';

/** As many as the home page's featured row. */
const SUGGESTED_PRODUCTS = 3;

export interface SearchSuggestionsProps {
  /** Carried by the suggested products' links, so their page leads back to this search. */
  linkState?: ProductLinkState;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

/**
 * Where to go after a search found nothing: the shop's categories, and a few products, featured
 * ones first, from the same catalogue query as /products and the home page (often cached
 * already). If the catalogue cannot be loaded the products are left out, not shown as an error.
 */
export function SearchSuggestions({ linkState, renderCardAction }: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const categoriesId = useId();
  const productsId = useId();
  const catalogue = useQuery(productsQuery({}, useLocale()));
  const suggested = useMemo(
    () => sortProducts(catalogue.data ?? [], 'featured').slice(0, SUGGESTED_PRODUCTS),
    [catalogue.data],
  );

  return (
    <div className="search-suggestions">
      <p className="search-tip">{t('products.searchTip')}</p>
      <section className="search-suggestion" aria-labelledby={categoriesId}>
        <h2 id={categoriesId}>{t('products.suggestedCategories')}</h2>
        <ul className="search-categories">
          {SHOP_CATEGORIES.map((category) => (
            <li key={category}>
              <Link to={paths.products.getHref(category)} className="arrow-link">
                {t(`categories.${category}`)}
                <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {suggested.length > 0 ? (
        <section className="search-suggestion" aria-labelledby={productsId}>
          <h2 id={productsId}>{t('products.suggestedProducts')}</h2>
          <ProductGrid products={suggested} renderAction={renderCardAction} linkState={linkState} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
