import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatChf } from '@linea/shared/domain/money';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { overviewQuery } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { formatCount, formatPercent } from '../lib/format';
import { DailyCharts } from './daily-charts';
import { FigureCards } from './figure-cards';

/** Overview (spec §2): the four cards, then revenue and orders per day over the last 30 days. */
export function OverviewTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const overview = useQuery(overviewQuery());

  if (overview.isPending) return <StatusMessage>{t('figures.loading')}</StatusMessage>;
  if (overview.isError) return <ErrorMessage error={overview.error} onRetry={() => void overview.refetch()} />;
  const figures = overview.data;

  return (
    <section className="admin-panel" aria-labelledby="admin-overview-heading">
      <h2 id="admin-overview-heading" className="visually-hidden">
        {t('shell.tabs.overview')}
      </h2>
      <FigureCards
        cards={[
          {
            label: t('figures.totalRevenue'),
            value: formatChf(figures.totalRevenue, locale),
            hint: t('figures.totalRevenueHint'),
          },
          { label: t('figures.orders'), value: formatCount(figures.orderCount, locale), hint: t('figures.ordersHint') },
          {
            label: t('figures.customers'),
            value: formatCount(figures.customerCount, locale),
            hint: t('figures.customersHint'),
          },
          {
            label: t('figures.conversionRate'),
            value: formatPercent(figures.conversionRate, locale),
            hint: t('figures.conversionRateHint'),
          },
        ]}
      />
      <p className="admin-note">{t('figures.paidOnly')}</p>
      <DailyCharts series={figures.last30Days} period={t('figures.last30Days')} />
    </section>
  );
}
