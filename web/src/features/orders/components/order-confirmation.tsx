import { thumbnailImage } from '@linea/shared/domain/product-image';
import { ArrowLeft, CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto, OrderItemDto } from '@linea/shared/contracts/orders';
import { formatChf, VAT_RATE_PERCENT } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { useErrorText } from '../../../components/ui/error-message';
import { Price } from '../../../components/ui/price';
import { StatusMessage } from '../../../components/ui/status-message';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../i18n/i18n';
import { isPaymentSessionId } from '../api/confirmation-order-query';
import { useConfirmationOrder, type PollingOptions } from '../hooks/use-confirmation-order';
import { useRemoveOrderedLines } from '../hooks/use-remove-ordered-lines';
import { formatOrderDate } from '../lib/format-order-date';
import '../orders.css';

const THUMB_WIDTH = 64;
const THUMB_HEIGHT = 80;

export interface OrderConfirmationProps {
  /** The route's id: a payment session id (`cs_...`) or an order id; empty if the URL has none. */
  orderId: string;
  /** Runs once, when the order is (or becomes) paid. */
  onPaid?: (order: OrderDto) => void;
  polling?: PollingOptions;
}

function OrderNotFound({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <div className="status-page confirmation-missing">
      <h1>{t('orderConfirmation.notFoundHeading')}</h1>
      <p className="lead" role="alert">
        {reason}
      </p>
      <Link to={paths.home.getHref()} className="button button-primary">
        <ArrowLeft aria-hidden="true" size={16} strokeWidth={1.25} />
        {t('orderConfirmation.backHome')}
      </Link>
    </div>
  );
}

function OrderItem({ item }: { item: OrderItemDto }) {
  const { t } = useTranslation();
  return (
    <li className="line-item line-item-compact confirmation-item">
      {item.image ? (
        <img src={thumbnailImage(item.image)} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} decoding="async" />
      ) : (
        <span className="line-item-placeholder" aria-hidden="true" />
      )}
      <div>
        <p className="line-item-name confirmation-item-name">{item.name}</p>
        <dl className="line-item-facts confirmation-item-facts">
          {item.size ? (
            <div>
              <dt>{t('orderConfirmation.size')}</dt>
              <dd>{item.sizeLabel}</dd>
            </div>
          ) : null}
          {item.color ? (
            <div>
              <dt>{t('orderConfirmation.color')}</dt>
              <dd>{item.colorName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('orderConfirmation.quantity')}</dt>
            <dd>{item.quantity}</dd>
          </div>
        </dl>
      </div>
      <p className="line-item-total">
        <span className="visually-hidden">{t('orderConfirmation.lineTotal')} </span>
        <Price amount={item.lineTotal} />
      </p>
    </li>
  );
}

function OrderSummary({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="confirmation-section summary-panel" aria-labelledby="confirmation-summary-heading">
      <h2 id="confirmation-summary-heading">{t('orderConfirmation.summaryHeading')}</h2>
      <dl className="summary-totals confirmation-totals">
        <div>
          <dt>{t('orderConfirmation.subtotal')}</dt>
          <dd>
            <Price amount={order.subtotal} />
          </dd>
        </div>
        <div>
          <dt>{t('orderConfirmation.shipping')}</dt>
          <dd>
            <Price amount={order.shipping} />
          </dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>
              {order.promo
                ? t('orderConfirmation.discountWithCode', { code: order.promo.code })
                : t('orderConfirmation.discount')}
            </dt>
            <dd>{t('orderConfirmation.discountAmount', { amount: formatChf(order.discount, locale) })}</dd>
          </div>
        ) : null}
        <div className="summary-totals-total">
          <dt>{t('orderConfirmation.total')}</dt>
          <dd>
            <Price amount={order.total} />
          </dd>
        </div>
        <div className="summary-totals-vat">
          <dt>{t('orderConfirmation.vatIncluded', { rate: VAT_RATE_PERCENT })}</dt>
          <dd>
            <Price amount={order.vat} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function OrderDetails({
  order,
  pollingStopped,
  onCheckAgain,
}: {
  order: OrderDto;
  pollingStopped: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pending = order.status === 'pending';
  const cancelled = order.status === 'cancelled';
  const name = [order.firstName, order.lastName].filter(Boolean).join(' ');
  const country = order.country === 'CH' ? t('orderConfirmation.countries.CH') : order.country;
  const statusText = pending
    ? pollingStopped
      ? t('orderConfirmation.pendingSlow')
      : t('orderConfirmation.pendingText')
    : cancelled
      ? t('orderConfirmation.cancelledText')
      : t('orderConfirmation.paidText');
  const Icon = cancelled ? CircleX : pending ? Clock : CircleCheck;

  return (
    <div className="confirmation" data-status={order.status}>
      <header className="confirmation-intro">
        <Icon className="confirmation-icon" aria-hidden="true" size={40} strokeWidth={1.25} />
        <h1>{cancelled ? t('orderConfirmation.cancelledHeading') : t('orderConfirmation.heading')}</h1>
        {/* One polite live region for the whole visit, so "pending" becoming "paid" is announced. */}
        <p className="confirmation-status lead" role="status">
          {statusText}
        </p>
        {pending && pollingStopped ? (
          <Button variant="secondary" onClick={onCheckAgain}>
            {t('orderConfirmation.checkAgain')}
          </Button>
        ) : null}
        {cancelled ? (
          <Link to={paths.checkout.getHref()} className="button button-primary">
            {t('orderConfirmation.backToCheckout')}
          </Link>
        ) : null}
      </header>

      <div className="confirmation-layout">
        <div className="confirmation-main">
          <section className="confirmation-section" aria-labelledby="confirmation-details-heading">
            <h2 id="confirmation-details-heading">{t('orderConfirmation.detailsHeading')}</h2>
            <dl className="confirmation-facts">
              <div>
                <dt>{t('orderConfirmation.orderNumber')}</dt>
                <dd className="confirmation-number">{order.number}</dd>
              </div>
              <div>
                <dt>{t('orderConfirmation.date')}</dt>
                <dd>{formatOrderDate(order.createdAt, locale)}</dd>
              </div>
              <div>
                <dt>{t('orderConfirmation.status')}</dt>
                <dd>
                  <span className="confirmation-badge" data-status={order.status}>
                    {t(`orderConfirmation.statuses.${order.status}`)}
                  </span>
                </dd>
              </div>
            </dl>
          </section>

          <section className="confirmation-section" aria-labelledby="confirmation-items-heading">
            <h2 id="confirmation-items-heading">{t('orderConfirmation.itemsHeading')}</h2>
            <ul className="line-items confirmation-items" aria-label={t('orderConfirmation.items')}>
              {order.items.map((item) => (
                <OrderItem key={`${item.productId}|${item.size}|${item.color}`} item={item} />
              ))}
            </ul>
          </section>

          <div className="confirmation-columns">
            <section className="confirmation-section" aria-labelledby="confirmation-customer-heading">
              <h2 id="confirmation-customer-heading">{t('orderConfirmation.customerHeading')}</h2>
              <dl className="confirmation-customer">
                <div>
                  <dt>{t('orderConfirmation.name')}</dt>
                  <dd>{name}</dd>
                </div>
                <div>
                  <dt>{t('orderConfirmation.email')}</dt>
                  <dd>{order.email}</dd>
                </div>
              </dl>
            </section>
            <section className="confirmation-section" aria-labelledby="confirmation-address-heading">
              <h2 id="confirmation-address-heading">{t('orderConfirmation.shippingHeading')}</h2>
              <address className="confirmation-address">
                <span>{name}</span>
                <span>{order.address}</span>
                <span>
                  {order.zipCode} {order.city}
                </span>
                <span>{country}</span>
              </address>
            </section>
          </div>
        </div>

        <div className="confirmation-side">
          <OrderSummary order={order} />
          {cancelled ? null : (
            <section className="confirmation-section confirmation-next" aria-labelledby="confirmation-next-heading">
              <h2 id="confirmation-next-heading">{t('orderConfirmation.nextHeading')}</h2>
              <ul>
                <li>{t('orderConfirmation.nextDispatch', SHOP_POLICY.dispatchBusinessDays)}</li>
                <li>
                  {pending
                    ? t('orderConfirmation.nextEmailPending', { email: order.email })
                    : t('orderConfirmation.nextEmail', { email: order.email })}
                </li>
                <li>{t('orderConfirmation.nextTracking')}</li>
              </ul>
            </section>
          )}
        </div>
      </div>

      <div className="confirmation-links">
        <Link to={paths.products.getHref()} className="button button-primary">
          {t('orderConfirmation.continueShopping')}
        </Link>
        <Link to={paths.contact.getHref()} className="button button-secondary">
          {t('orderConfirmation.contact')}
        </Link>
        <Link to={paths.dashboard.getHref()} className="button button-ghost">
          {t('orderConfirmation.account')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /order-confirmation/{id} body (spec §2): the order created from the payment session, or
 * loaded by id. While the payment is pending it says so and keeps asking; once paid, the
 * ordered lines leave the cart; if the payment failed, the way back to checkout.
 */
export function OrderConfirmation({ orderId, onPaid, polling }: OrderConfirmationProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { query, pollingStopped, checkAgain } = useConfirmationOrder(orderId, polling);
  useRemoveOrderedLines(query.data, onPaid);

  if (!orderId) return <OrderNotFound reason={t('orderConfirmation.missingId')} />;
  if (query.data) return <OrderDetails order={query.data} pollingStopped={pollingStopped} onCheckAgain={checkAgain} />;
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : undefined;
    const unknown = code === 'NOT_FOUND' || code === 'VALIDATION';
    const reason = unknown
      ? t('orderConfirmation.notFound')
      : isPaymentSessionId(orderId)
        ? t('orderConfirmation.createFailed', { message: errorText(query.error) })
        : t('orderConfirmation.loadFailed');
    return <OrderNotFound reason={reason} />;
  }
  return (
    <StatusMessage>
      {isPaymentSessionId(orderId) ? t('orderConfirmation.confirming') : t('orderConfirmation.loading')}
    </StatusMessage>
  );
}
