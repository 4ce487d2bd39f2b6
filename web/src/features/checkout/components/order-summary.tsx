import { thumbnailImage } from '@linea/shared/domain/product-image';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoDto } from '@linea/shared/contracts/promo-codes';
import { lineKey, type CartLine } from '@linea/shared/domain/cart';
import { formatChf, VAT_RATE_PERCENT } from '@linea/shared/domain/money';
import type { OrderTotals } from '@linea/shared/domain/pricing';
import { Price } from '../../../components/ui/price';
import { useLocale } from '../../../i18n/i18n';

const THUMB_WIDTH = 64;
const THUMB_HEIGHT = 80;

export interface OrderSummaryProps {
  lines: readonly CartLine[];
  totals: OrderTotals;
  promo?: PromoDto;
  onRemovePromo: () => void;
  /** The promo code form, between the lines and the totals. */
  promoForm?: ReactNode;
}

function SummaryLine({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  return (
    <li className="line-item line-item-compact checkout-item">
      {line.image ? (
        <img src={thumbnailImage(line.image)} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} decoding="async" />
      ) : (
        <span className="line-item-placeholder" aria-hidden="true" />
      )}
      <div className="checkout-item-body">
        <p className="line-item-name checkout-item-name">{line.name}</p>
        <dl className="line-item-facts checkout-item-facts">
          {line.size ? (
            <div>
              <dt>{t('checkout.size')}</dt>
              <dd>{line.sizeLabel ?? line.size}</dd>
            </div>
          ) : null}
          {line.color ? (
            <div>
              <dt>{t('checkout.color')}</dt>
              <dd>{line.colorName ?? line.color}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('checkout.quantity')}</dt>
            <dd>{line.quantity}</dd>
          </div>
        </dl>
      </div>
      <p className="line-item-total">
        <span className="visually-hidden">{t('checkout.lineTotal')} </span>
        <Price amount={line.price * line.quantity} />
      </p>
    </li>
  );
}

/**
 * The order as it will be charged: the cart's lines and `priceOrder`'s totals, the same function
 * the server charges by. A promo code shows as its own row, with a way to take it off.
 */
export function OrderSummary({ lines, totals, promo, onRemovePromo, promoForm }: OrderSummaryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="summary-panel checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">{t('checkout.summary')}</h2>
      <ul className="line-items checkout-items" aria-label={t('checkout.items')}>
        {lines.map((line) => (
          <SummaryLine key={lineKey(line)} line={line} />
        ))}
      </ul>
      {promoForm}
      <dl className="summary-totals checkout-totals">
        <div>
          <dt>{t('checkout.subtotal')}</dt>
          <dd>
            <Price amount={totals.subtotal} />
          </dd>
        </div>
        <div>
          <dt>
            {t('checkout.shipping')}
            <span className="summary-totals-hint">{t('checkout.shippingNote')}</span>
          </dt>
          <dd>
            <Price amount={totals.shipping} />
          </dd>
        </div>
        {promo ? (
          <div className="checkout-discount">
            <dt>
              <span>{t('checkout.discount', { code: promo.code })}</span>
              <button
                type="button"
                className="text-button checkout-discount-remove"
                aria-label={t('checkout.promoRemoveLabel', { code: promo.code })}
                onClick={onRemovePromo}
              >
                {t('checkout.promoRemove')}
              </button>
            </dt>
            <dd>
              {promo.type === 'free_shipping'
                ? t('checkout.freeShipping')
                : t('checkout.discountAmount', { amount: formatChf(totals.discount, locale) })}
            </dd>
          </div>
        ) : null}
        <div className="summary-totals-total">
          <dt>{t('checkout.total')}</dt>
          <dd>
            <Price amount={totals.total} />
          </dd>
        </div>
        <div className="summary-totals-vat">
          <dt>{t('checkout.vatIncluded', { rate: VAT_RATE_PERCENT })}</dt>
          <dd>
            <Price amount={totals.vat} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
