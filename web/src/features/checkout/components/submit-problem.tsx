import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiErrorCode } from '@linea/shared/errors';
import { paths } from '../../../config/paths';
import type { UnavailableItem } from '../lib/unavailable-lines';

/** Why the last "Continue to Payment" did not lead to the payment page. */
export type SubmitProblem =
  | { kind: 'outOfStock'; items: readonly UnavailableItem[] }
  | { kind: 'payment'; missingUrl: boolean }
  | { kind: 'promo'; code?: string }
  | { kind: 'error'; code: ApiErrorCode | 'NETWORK' };

function UnavailableList({ items }: { items: readonly UnavailableItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="checkout-unavailable">
      {items.map((line) => {
        const options = line.options.join(', ');
        const item = options ? t('checkout.item', { name: line.name, options }) : line.name;
        return (
          <li key={`${line.productId}|${line.size}|${line.color}`}>
            {line.available > 0
              ? t('checkout.outOfStockLine', { item, count: line.available, requested: line.requested })
              : t('checkout.soldOutLine', { item })}
          </li>
        );
      })}
    </ul>
  );
}

/** Beside the button the shopper just used; what they typed stays in the form in every case. */
export function SubmitProblemAlert({ problem }: { problem: SubmitProblem }) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case 'outOfStock':
      return (
        <div className="form-alert checkout-alert" role="alert">
          <p className="form-alert-title">{t('checkout.outOfStockTitle')}</p>
          {problem.items.length > 0 ? <UnavailableList items={problem.items} /> : <p>{t('errors.OUT_OF_STOCK')}</p>}
          <p className="form-alert-note">{t('checkout.outOfStockHint')}</p>
          <Link to={paths.cart.getHref()} className="checkout-alert-link">
            {t('checkout.editCart')}
          </Link>
        </div>
      );
    case 'payment':
      return (
        <div className="form-alert checkout-alert" role="alert">
          <p className="form-alert-title">{t('checkout.paymentErrorTitle')}</p>
          <p>{problem.missingUrl ? t('checkout.noCheckoutUrl') : t('checkout.paymentErrorDescription')}</p>
          <p className="form-alert-note">{t('checkout.keptNote')}</p>
        </div>
      );
    case 'promo':
      return (
        <div className="form-alert checkout-alert" role="alert">
          <p className="form-alert-title">{t('checkout.notPlacedTitle')}</p>
          <p>{problem.code ? t('checkout.promoNoLongerValid', { code: problem.code }) : t('errors.PROMO_INVALID')}</p>
        </div>
      );
    case 'error':
      return (
        <div className="form-alert checkout-alert" role="alert">
          <p className="form-alert-title">{t('checkout.notPlacedTitle')}</p>
          <p>{problem.code === 'NETWORK' ? t('checkout.networkError') : t(`errors.${problem.code}`)}</p>
          <p className="form-alert-note">{t('checkout.keptNote')}</p>
        </div>
      );
  }
}
