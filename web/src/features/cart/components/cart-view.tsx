import { useMemo } from 'react';
import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { lineKey, summarizeCart } from '@linea/shared/domain/cart';
import { paths } from '../../../config/paths';
import { useCartStore } from '../../../stores/cart-store';
import { useCartCheck } from '../hooks/use-cart-check';
import { useCartLabels } from '../hooks/use-cart-labels';
import { useUndoableRemoval } from '../hooks/use-undoable-removal';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import '../cart.css';

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="empty-state cart-empty">
      <ShoppingBag aria-hidden="true" size={40} strokeWidth={1.25} />
      <h2>{t('cart.empty')}</h2>
      <p className="muted">{t('cart.emptyHint')}</p>
      <Link to={paths.products.getHref()} className="button button-primary">
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}

/**
 * /cart body: the lines as the catalogue sees them now, and a summary of what can be bought.
 * Lines that are no longer available stay listed (so the shopper sees what happened), count
 * for nothing, and block checkout until removed. Removing a line or clearing the cart can be
 * undone from the toast that reports it.
 */
export function CartView() {
  const { t } = useTranslation();
  const lines = useCartStore((state) => state.lines);
  const { remove, clear } = useUndoableRemoval();
  const { checks, adjustments, checking } = useCartCheck(lines);
  useCartLabels(lines);

  const purchasable = useMemo(
    () => lines.filter((line) => checks.get(lineKey(line))?.state !== 'unavailable'),
    [lines, checks],
  );
  const summary = useMemo(() => summarizeCart(purchasable), [purchasable]);

  if (lines.length === 0) return <EmptyCart />;

  const hasUnavailable = purchasable.length < lines.length;
  const blocked = hasUnavailable ? t('cart.removeUnavailable') : checking ? t('cart.checking') : undefined;

  return (
    <div className="cart-layout">
      <div className="cart-lines">
        <ul className="line-items cart-line-list" aria-label={t('cart.items')}>
          {lines.map((line, index) => {
            const key = lineKey(line);
            return (
              <CartLineItem
                key={key}
                line={line}
                index={index}
                check={checks.get(key) ?? { state: 'checking' }}
                adjustment={adjustments.get(key)}
                onRemove={remove}
              />
            );
          })}
        </ul>
        <div className="cart-lines-footer">
          <Link to={paths.products.getHref()} className="cart-continue">
            {t('cart.continueShopping')}
          </Link>
          <button type="button" className="text-button" onClick={clear}>
            {t('cart.clear')}
          </button>
        </div>
      </div>
      <CartSummary summary={summary} blocked={blocked} />
    </div>
  );
}
