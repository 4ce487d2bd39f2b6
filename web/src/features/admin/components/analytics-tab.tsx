import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ANALYTICS_PERIODS, type ProductFigures } from '@linea/shared/contracts/admin';
import { formatChf } from '@linea/shared/domain/money';
import { ORDER_STATUSES } from '@linea/shared/domain/order-status';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { analyticsQuery } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { formatCount, longDay } from '../lib/format';
import { DailyCharts } from './daily-charts';
import { FigureCards } from './figure-cards';
import { FigureChart } from './figure-chart';
import { TableScroll } from './table-scroll';

const DEFAULT_DAYS = 30;

function periodFrom(params: URLSearchParams): number {
  const days = Number(params.get('days'));
  return (ANALYTICS_PERIODS as readonly number[]).includes(days) ? days : DEFAULT_DAYS;
}

function PeriodChooser({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <fieldset className="admin-period">
      <legend>{t('analytics.period')}</legend>
      <div className="admin-period-options">
        {ANALYTICS_PERIODS.map((option) => (
          <label key={option} className="admin-period-option">
            <input
              type="radio"
              name="admin-period"
              value={option}
              checked={days === option}
              onChange={() => onChange(option)}
            />
            <span>{t('analytics.periodOption', { days: option })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TopProducts({
  title,
  products,
  metric,
}: {
  title: string;
  products: readonly ProductFigures[];
  metric: 'units' | 'revenue';
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  return (
    <section className="admin-top" aria-label={title}>
      <h3 className="admin-chart-title">{title}</h3>
      {products.length === 0 ? (
        <p className="admin-note">{t('analytics.noProducts')}</p>
      ) : (
        <TableScroll label={title}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('analytics.product')}</th>
                <th scope="col" className="numeric">
                  {t('analytics.units')}
                </th>
                <th scope="col" className="numeric">
                  {t('analytics.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.productId} data-ranked-by={metric}>
                  <th scope="row">{product.name}</th>
                  <td className="numeric">{formatCount(product.units, locale)}</td>
                  <td className="numeric">{formatChf(product.revenue, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/**
 * Analytics (spec §2): the Financial Summary of a period (7, 30 or 90 days, in the URL), its
 * daily charts, orders by status and the best-selling products, all computed on the server.
 */
export function AnalyticsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params);
  // The previous period's figures stay on screen while the next ones load.
  const analytics = useQuery({ ...analyticsQuery(days), placeholderData: keepPreviousData });

  const choose = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_DAYS) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );

  return (
    <section
      className="admin-panel"
      aria-labelledby="admin-analytics-heading"
      aria-busy={analytics.isFetching || undefined}
    >
      <div className="admin-panel-header">
        <h2 id="admin-analytics-heading">{t('analytics.heading')}</h2>
        <PeriodChooser days={days} onChange={choose} />
      </div>
      {analytics.isPending ? (
        <StatusMessage>{t('figures.loading')}</StatusMessage>
      ) : analytics.isError ? (
        <ErrorMessage error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <p className="admin-note">
            {t('analytics.periodRange', {
              from: longDay(analytics.data.from, locale),
              to: longDay(analytics.data.to, locale),
            })}
            . {t('figures.paidOnly')}
          </p>
          <FigureCards
            cards={[
              { label: t('analytics.totalRevenue'), value: formatChf(analytics.data.revenue, locale) },
              { label: t('analytics.totalOrders'), value: formatCount(analytics.data.orders, locale) },
              { label: t('analytics.averageOrderValue'), value: formatChf(analytics.data.averageOrderValue, locale) },
              { label: t('analytics.totalCustomers'), value: formatCount(analytics.data.customers, locale) },
              { label: t('analytics.productsListed'), value: formatCount(analytics.data.productCount, locale) },
            ]}
          />
          <DailyCharts
            series={analytics.data.series}
            period={t('analytics.periodOption', { days: analytics.data.days })}
          />
          <div className="admin-charts">
            <FigureChart
              title={t('analytics.byStatus')}
              summary={t('analytics.byStatusHint')}
              rows={ORDER_STATUSES.map((status) => ({
                label: t(`orders.statuses.${status}`),
                fullLabel: t(`orders.statuses.${status}`),
                value: analytics.data.byStatus[status] ?? 0,
              }))}
              formatValue={(value) => formatCount(value, locale)}
              labelHeading={t('analytics.status')}
              valueHeading={t('analytics.count')}
            />
          </div>
          <div className="admin-charts">
            <TopProducts title={t('analytics.topByUnits')} products={analytics.data.topByUnits} metric="units" />
            <TopProducts title={t('analytics.topByRevenue')} products={analytics.data.topByRevenue} metric="revenue" />
          </div>
        </>
      )}
    </section>
  );
}
