import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { filterOptions, filterProducts, sortProducts } from '@linea/shared/domain/catalogue-view';
import { Button } from '../../../components/ui/button';
import { useFadeSwap } from '../hooks/use-fade-swap';
import {
  offeredArrangement,
  sameArrangement,
  type ListArrangement,
  type ProductLinkState,
  type ViewUpdate,
} from '../lib/list-view';
import { ListToolbar } from './list-toolbar';
import { ProductGrid } from './product-grid';

export interface ArrangedListProps {
  /** The list before sorting and filtering (a category's products, a search's results); not empty. */
  products: readonly ProductDto[];
  /** Names the list (a category id, a search text): a new one remounts the grid. */
  listKey: string;
  /** As the URL asks; a colour or size the list does not offer is ignored. */
  arrangement: ListArrangement;
  onArrangementChange: (update: ViewUpdate<ListArrangement>, options?: { replace?: boolean }) => void;
  /** Carried by every product link, so the product page can lead back to this list. */
  linkState?: ProductLinkState;
  renderCardAction?: (product: ProductDto) => ReactNode;
}

/**
 * A product list with its toolbar: sorted and filtered in the browser (shared/domain/
 * catalogue-view), since the API already sent every product of the list. Any change, of the
 * list or of its arrangement, fades the grid out before swapping it, as the spec's category
 * change does; the toolbar and the count follow at once.
 */
export function ArrangedList({
  products,
  listKey,
  arrangement,
  onArrangementChange,
  linkState,
  renderCardAction,
}: ArrangedListProps) {
  const { t } = useTranslation();
  const colorRef = useRef<HTMLSelectElement>(null);
  const options = useMemo(() => filterOptions(products), [products]);
  const effective = offeredArrangement(arrangement, options);
  const { sort, color, size } = effective;

  // A shared or old link may name a colour or size this list no longer has: it is ignored, and
  // the URL is corrected in place so that it says what the page shows.
  const corrected = !sameArrangement(effective, arrangement);
  useEffect(() => {
    if (corrected) onArrangementChange((current) => offeredArrangement(current, options), { replace: true });
  }, [corrected, options, onArrangementChange]);

  const target = useMemo(() => ({ products, listKey, sort, color, size }), [products, listKey, sort, color, size]);
  const { shown, leaving } = useFadeSwap(target);
  const visible = useMemo(() => sortProducts(filterProducts(shown.products, shown), shown.sort), [shown]);
  const count = useMemo(() => filterProducts(products, { color, size }).length, [products, color, size]);

  const clearFilters = () => {
    onArrangementChange((current) => ({ sort: current.sort }));
    colorRef.current?.focus();
  };

  return (
    <>
      <ListToolbar
        arrangement={effective}
        options={options}
        count={count}
        onChange={onArrangementChange}
        colorRef={colorRef}
      />
      <div className="catalog-results" data-leaving={leaving || undefined} aria-busy={leaving || undefined}>
        {visible.length === 0 ? (
          <div className="list-empty">
            <p>{t('products.filteredEmpty')}</p>
            <Button variant="secondary" onClick={clearFilters}>
              {t('products.clearFilters')}
            </Button>
          </div>
        ) : (
          // A new key per view remounts the cards, so each swap replays their entrance.
          <ProductGrid
            key={[shown.listKey, shown.sort, shown.color, shown.size].join('|')}
            products={visible}
            renderAction={renderCardAction}
            linkState={linkState}
          />
        )}
      </div>
    </>
  );
}
