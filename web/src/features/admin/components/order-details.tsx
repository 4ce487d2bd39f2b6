import { thumbnailImage } from '@linea/shared/domain/product-image';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { formatChf } from '@linea/shared/domain/money';
import { Price } from '../../../components/ui/price';
import { useLocale } from '../../../i18n/i18n';
import { formatOrderDate } from '../../orders/lib/format-order-date';
import { ADMIN_NAMESPACE } from '../i18n';
import { StatusBadge } from './status-badge';

/** Everything spec §2 lists for an order's Details: customer, address, items and the sums. */
export function OrderDetails({ order }: { order: OrderDto }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tShop } = useTranslation();
  const locale = useLocale();
  return (
    <div className="admin-order-details">
      <dl className="admin-facts">
        <div>
          <dt>{t('details.customer')}</dt>
          <dd>
            {order.firstName} {order.lastName}
          </dd>
        </div>
        <div>
          <dt>{t('details.email')}</dt>
          <dd>
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('details.date')}</dt>
          <dd>{formatOrderDate(order.createdAt, locale)}</dd>
        </div>
        <div>
          <dt>{t('details.status')}</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('details.shippingAddress')}</dt>
          <dd>
            <address>
              {order.firstName} {order.lastName}
              <br />
              {order.address}
              <br />
              {order.zipCode} {order.city}
              <br />
              {order.country === 'CH' ? tShop('checkout.countries.CH') : order.country}
            </address>
          </dd>
        </div>
        <div>
          <dt>{t('details.language')}</dt>
          <dd>{t(`details.languages.${order.locale}`)}</dd>
        </div>
        {order.carrier ? (
          <div>
            <dt>{t('details.carrier')}</dt>
            <dd>{order.carrier}</dd>
          </div>
        ) : null}
        {order.trackingNumber ? (
          <div>
            <dt>{t('details.trackingNumber')}</dt>
            <dd>
              {order.trackingUrl ? (
                <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {order.trackingNumber} <span className="visually-hidden">{t('details.opensInNewTab')}</span>
                </a>
              ) : (
                order.trackingNumber
              )}
            </dd>
          </div>
        ) : null}
      </dl>

      <h3 className="admin-subheading">{t('details.items')}</h3>
      <ul className="admin-order-items">
        {order.items.map((item) => (
          <li key={`${item.productId}|${item.size}|${item.color}`} className="admin-order-item">
            <img src={thumbnailImage(item.image)} alt="" width={56} height={70} loading="lazy" />
            <div>
              <p className="admin-order-item-name">{item.name}</p>
              <p className="admin-muted">
                {[
                  item.sizeLabel ? t('details.size', { size: item.sizeLabel }) : '',
                  item.colorName ? t('details.color', { color: item.colorName }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <p className="admin-order-item-price">
              {t('details.priceTimesQuantity', { price: formatChf(item.unitPrice, locale), quantity: item.quantity })}
            </p>
          </li>
        ))}
      </ul>

      <dl className="admin-sums">
        <div>
          <dt>{t('details.subtotal')}</dt>
          <dd>
            <Price amount={order.subtotal} />
          </dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>{order.promo ? t('details.promo', { code: order.promo.code }) : t('details.discount')}</dt>
            <dd>
              −<Price amount={order.discount} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('details.shipping')}</dt>
          <dd>{order.shipping === 0 ? t('details.free') : <Price amount={order.shipping} />}</dd>
        </div>
        <div className="admin-sums-total">
          <dt>{t('details.total')}</dt>
          <dd>
            <Price amount={order.total} />
          </dd>
        </div>
        <div className="admin-muted">
          <dt>{t('details.vat')}</dt>
          <dd>
            <Price amount={order.vat} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
