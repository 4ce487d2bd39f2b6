import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Price } from '../../../components/ui/price';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { formatOrderDate } from '../../orders/lib/format-order-date';
import { adminOrderQuery, adminOrdersQuery, exportOrders } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { ManualOrderDialog } from './manual-order-dialog';
import { OrderDetails } from './order-details';
import { OrderStatusForm } from './order-status-form';
import { StatusBadge } from './status-badge';

type OrderView = 'details' | 'status';

/** The orders tab's URL: `q` (the search), `order` and `view` (the open dialog). */
function useOrdersUrl() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const orderId = params.get('order') ?? undefined;
  const view: OrderView = params.get('view') === 'status' ? 'status' : 'details';
  const update = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );
  return {
    query,
    orderId,
    view,
    search: (text: string) => update({ q: text.trim() || undefined, order: undefined, view: undefined }),
    open: (id: string, nextView: OrderView) =>
      update({ order: id, view: nextView === 'status' ? 'status' : undefined }),
    close: () => update({ order: undefined, view: undefined }, true),
  };
}

function SearchForm({ query, onSearch }: { query: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [text, setText] = useState(query);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text);
  }
  return (
    <form role="search" className="admin-search" onSubmit={handleSubmit}>
      <label htmlFor="admin-order-search" className="visually-hidden">
        {t('orders.searchLabel')}
      </label>
      <input
        id="admin-order-search"
        type="search"
        value={text}
        maxLength={254}
        placeholder={t('orders.searchPlaceholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        {t('orders.search')}
      </Button>
      {query ? (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          {t('orders.clearSearch')}
        </Button>
      ) : null}
    </form>
  );
}

function ExportButton({ query }: { query: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [busy, setBusy] = useState(false);
  async function handleClick() {
    setBusy(true);
    try {
      const file = await exportOrders(query);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `linea-orders-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser time to start the download before the file is let go.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(t('orders.exportFailed'), { key: 'orders-export' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void handleClick()} disabled={busy}>
      {busy ? t('orders.exporting') : t('orders.export')}
    </Button>
  );
}

function OrderEntry({ order, onOpen }: { order: OrderDto; onOpen: (view: OrderView) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const headingId = `admin-order-${order.id}`;
  return (
    <li>
      <article className="admin-order" aria-labelledby={headingId}>
        <div className="admin-order-main">
          <h3 id={headingId}>{t('orders.number', { number: order.number })}</h3>
          <p>
            {order.firstName} {order.lastName}
          </p>
          <p className="admin-muted">{order.email}</p>
          <p className="admin-muted">{formatOrderDate(order.createdAt, locale)}</p>
          {order.trackingNumber ? (
            <p className="admin-muted">{t('orders.tracking', { number: order.trackingNumber })}</p>
          ) : null}
        </div>
        <div className="admin-order-side">
          <StatusBadge status={order.status} />
          <Price amount={order.total} className="admin-order-total" />
          <div className="admin-order-actions">
            <Button
              variant="secondary"
              onClick={() => onOpen('details')}
              aria-label={t('orders.detailsFor', { number: order.number })}
            >
              {t('orders.details')}
            </Button>
            {/* Its name is its visible text (WCAG 2.5.3); the order's heading describes it. */}
            <Button variant="secondary" onClick={() => onOpen('status')} aria-describedby={headingId}>
              {t('orders.updateStatus')}
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The order a link names, whether or not it is on the loaded pages; the list's copy shows meanwhile. */
function OrderDialog({
  orderId,
  view,
  listed,
  onClose,
}: {
  orderId: string;
  view: OrderView;
  listed: OrderDto | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const order = useQuery({ ...adminOrderQuery(orderId), placeholderData: listed });
  const number = order.data?.number ?? orderId.slice(-8).toUpperCase();
  const title = view === 'status' ? t('orders.updateStatusFor', { number }) : t('orders.detailsFor', { number });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} closeLabel={t('orders.close')} className="admin-dialog">
        {order.data ? (
          view === 'status' ? (
            <OrderStatusForm key={order.data.id} order={order.data} onSaved={onClose} />
          ) : (
            <OrderDetails order={order.data} />
          )
        ) : order.isError ? (
          <ErrorMessage error={order.error} onRetry={() => void order.refetch()} />
        ) : (
          <StatusMessage>{t('orders.loading')}</StatusMessage>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Orders (spec §2): search by order id or email (on the server), the newest first 10 at a time,
 * each with its Details and its status form; a manual order; the CSV of the current search.
 */
export function OrdersTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const url = useOrdersUrl();
  const orders = useInfiniteQuery(adminOrdersQuery(url.query));
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="admin-panel" aria-labelledby="admin-orders-heading">
      <div className="admin-toolbar">
        <SearchForm key={url.query} query={url.query} onSearch={url.search} />
        <div className="admin-toolbar-actions">
          <ManualOrderDialog />
          <ExportButton query={url.query} />
        </div>
      </div>
      <h2 id="admin-orders-heading">{url.query ? t('orders.resultsFor', { query: url.query }) : t('orders.recent')}</h2>
      {orders.isPending ? (
        <StatusMessage>{t('orders.loading')}</StatusMessage>
      ) : orders.isError ? (
        <ErrorMessage error={orders.error} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <p className="admin-empty">{url.query ? t('orders.noMatch') : t('orders.empty')}</p>
      ) : (
        <ul className="admin-orders" aria-busy={orders.isFetching || undefined}>
          {items.map((order) => (
            <OrderEntry key={order.id} order={order} onOpen={(view) => url.open(order.id, view)} />
          ))}
        </ul>
      )}
      {orders.hasNextPage ? (
        <Button variant="secondary" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {orders.isFetchingNextPage ? t('orders.loadingMore') : t('orders.loadMore')}
        </Button>
      ) : null}
      {url.orderId ? (
        <OrderDialog
          orderId={url.orderId}
          view={url.view}
          listed={items.find((order) => order.id === url.orderId)}
          onClose={url.close}
        />
      ) : null}
    </section>
  );
}
