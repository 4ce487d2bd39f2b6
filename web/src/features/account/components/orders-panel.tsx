import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Price } from '../../../components/ui/price';
import { StatusMessage } from '../../../components/ui/status-message';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../i18n/i18n';
import { formatOrderDate } from '../../orders/lib/format-order-date';
import { myOrdersQuery } from '../api/account-api';

function OrderCard({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = `order-${order.id}`;
  return (
    <li>
      <article className="account-order" aria-labelledby={headingId}>
        <header className="account-order-header">
          <h3 id={headingId}>{t('dashboard.orders.number', { number: order.number })}</h3>
          <span className="confirmation-badge" data-status={order.status}>
            {t(`orderConfirmation.statuses.${order.status}`)}
          </span>
        </header>
        <p className="account-order-date">
          {t('dashboard.orders.placed', { date: formatOrderDate(order.createdAt, locale) })}
        </p>
        <ul className="account-order-items">
          {order.items.map((item) => (
            <li key={`${item.productId}|${item.size}|${item.color}`}>
              <span>{item.name}</span>
              <span className="account-order-facts">
                {[item.sizeLabel, item.colorName].filter(Boolean).join(' · ')}
                {item.sizeLabel || item.colorName ? ' · ' : ''}
                {t('dashboard.orders.quantity', { quantity: item.quantity })}
              </span>
            </li>
          ))}
        </ul>
        <dl className="account-order-summary">
          <div>
            <dt>{t('dashboard.orders.total')}</dt>
            <dd>
              <Price amount={order.total} />
            </dd>
          </div>
          {order.carrier ? (
            <div>
              <dt>{t('dashboard.orders.carrier')}</dt>
              <dd>{order.carrier}</dd>
            </div>
          ) : null}
          {order.trackingNumber ? (
            <div>
              <dt>{t('dashboard.orders.trackingNumber')}</dt>
              <dd>{order.trackingNumber}</dd>
            </div>
          ) : null}
        </dl>
        <p className="account-order-links">
          <Link to={paths.orderConfirmation.getHref(order.id)} className="text-button">
            {t('dashboard.orders.view', { number: order.number })}
          </Link>
          {order.trackingUrl ? (
            <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-button">
              {order.carrier
                ? t('dashboard.orders.track', { carrier: order.carrier })
                : t('dashboard.orders.trackGeneric')}{' '}
              <span className="visually-hidden">{t('dashboard.orders.opensInNewTab')}</span>
            </a>
          ) : null}
        </p>
      </article>
    </li>
  );
}

/** The customer's orders, newest first, a page at a time (GET /orders); totals in CHF. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const orders = useInfiniteQuery(myOrdersQuery());

  if (orders.isPending) return <StatusMessage>{t('dashboard.orders.loading')}</StatusMessage>;
  if (orders.isError) return <ErrorMessage error={orders.error} onRetry={() => void orders.refetch()} />;

  const items = orders.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="account-orders-heading" className="account-panel">
      <h2 id="account-orders-heading">{t('dashboard.orders.heading')}</h2>
      {items.length === 0 ? (
        <div className="account-empty">
          <p className="account-empty-title">{t('dashboard.orders.empty')}</p>
          <p>{t('dashboard.orders.emptyHint')}</p>
          <Link to={paths.products.getHref()} className="button button-primary">
            {t('dashboard.orders.browse')}
          </Link>
        </div>
      ) : (
        <ul className="account-orders">
          {items.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {orders.hasNextPage ? (
        <Button variant="secondary" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {orders.isFetchingNextPage ? t('dashboard.orders.loadingMore') : t('dashboard.orders.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
