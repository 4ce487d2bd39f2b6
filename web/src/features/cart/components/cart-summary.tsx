import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartSummary as Summary } from '@linea/shared/domain/cart';
import { VAT_RATE_PERCENT } from '@linea/shared/domain/money';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';

export interface CartSummaryProps {
  summary: Summary;
  /** Why checkout is not possible yet, if it is not. */
  blocked?: string;
}

/** Subtotal, the flat Swiss shipping, total with the VAT it contains, and the way to checkout. */
export function CartSummary({ summary, blocked }: CartSummaryProps) {
  const { t } = useTranslation();
  return (
    <section className="summary-panel cart-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading">{t('cart.summary')}</h2>
      <dl className="summary-totals cart-summary-rows">
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>
            <Price amount={summary.subtotal} />
          </dd>
        </div>
        <div>
          <dt>
            {t('cart.shipping')}
            <span className="summary-totals-hint">{t('cart.shippingNote')}</span>
          </dt>
          <dd>
            <Price amount={summary.shipping} />
          </dd>
        </div>
        <div className="summary-totals-total">
          <dt>{t('cart.total')}</dt>
          <dd>
            <Price amount={summary.total} />
          </dd>
        </div>
        <div className="summary-totals-vat">
          <dt>{t('cart.vatIncluded', { rate: VAT_RATE_PERCENT })}</dt>
          <dd>
            <Price amount={summary.vat} />
          </dd>
        </div>
      </dl>
      {blocked ? (
        <>
          <Button className="cart-checkout" disabled aria-describedby="cart-checkout-blocked">
            {t('cart.checkout')}
          </Button>
          <p id="cart-checkout-blocked" className="cart-summary-blocked">
            {blocked}
          </p>
        </>
      ) : (
        <Link to={paths.checkout.getHref()} className="button button-primary cart-checkout">
          {t('cart.checkout')}
        </Link>
      )}
    </section>
  );
}
