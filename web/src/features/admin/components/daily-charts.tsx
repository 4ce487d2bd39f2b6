import { useTranslation } from 'react-i18next';
import type { DailyFigures } from '@linea/shared/contracts/admin';
import { formatChf, type Locale } from '@linea/shared/domain/money';
import { useLocale } from '../../../i18n/i18n';
import { ADMIN_NAMESPACE } from '../i18n';
import { formatCount, formatFrancsAxis, longDay, shortDay } from '../lib/format';
import { FigureChart } from './figure-chart';

function rowsOf(series: readonly DailyFigures[], metric: 'revenue' | 'orders', locale: Locale) {
  const rows = series.map((day) => ({
    label: shortDay(day.day, locale),
    fullLabel: longDay(day.day, locale),
    value: day[metric],
  }));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  // The first of equally good days: the earliest.
  const best = rows.reduce<(typeof rows)[number] | undefined>(
    (top, row) => (!top || row.value > top.value ? row : top),
    undefined,
  );
  return { rows, total, best };
}

/** Paid revenue per day and paid orders per day, each with its summary and table. */
export function DailyCharts({ series, period }: { series: readonly DailyFigures[]; period: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const revenue = rowsOf(series, 'revenue', locale);
  const orders = rowsOf(series, 'orders', locale);
  const days = series.length;
  const chf = (rappen: number) => formatChf(rappen, locale);

  return (
    <div className="admin-charts">
      <FigureChart
        title={`${t('figures.revenuePerDay')} · ${period}`}
        rows={revenue.rows}
        formatValue={(value) => formatFrancsAxis(value, locale)}
        formatCell={chf}
        summary={
          revenue.total && revenue.best
            ? t('figures.chartSummaryRevenue', {
                total: chf(revenue.total),
                days,
                bestDay: revenue.best.fullLabel,
                best: chf(revenue.best.value),
              })
            : t('figures.chartSummaryEmpty', { days })
        }
        labelHeading={t('figures.day')}
        valueHeading={t('figures.revenue')}
      />
      <FigureChart
        title={`${t('figures.ordersPerDay')} · ${period}`}
        rows={orders.rows}
        formatValue={(value) => formatCount(value, locale)}
        summary={
          orders.total && orders.best
            ? t('figures.chartSummaryOrders', {
                total: formatCount(orders.total, locale),
                days,
                bestDay: orders.best.fullLabel,
                best: formatCount(orders.best.value, locale),
              })
            : t('figures.chartSummaryEmpty', { days })
        }
        labelHeading={t('figures.day')}
        valueHeading={t('figures.ordersColumn')}
      />
    </div>
  );
}
