import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../i18n';
import type { ChartPoint } from './bar-chart';
import { TableScroll } from './table-scroll';

// Recharts is the heaviest part of the back office: it downloads after the figures are shown.
const BarChart = lazy(() => import('./bar-chart'));

export interface FigureRow extends ChartPoint {
  /** The row's full label in the table ("24 November 2026"). */
  fullLabel: string;
}

export interface FigureChartProps {
  title: string;
  rows: readonly FigureRow[];
  /** How the chart's axis and tooltip write a value. */
  formatValue: (value: number) => string;
  /** How the table writes it, exactly (e.g. with Rappen). @default formatValue */
  formatCell?: (value: number) => string;
  summary: string;
  /** The table's column headings. */
  labelHeading: string;
  valueHeading: string;
}

/** A titled chart with its text alternative: a one-sentence summary and the numbers as a table. */
export function FigureChart({
  title,
  rows,
  formatValue,
  formatCell = formatValue,
  summary,
  labelHeading,
  valueHeading,
}: FigureChartProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const headingId = useId();
  return (
    <figure className="admin-chart" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-chart-title">
        {title}
      </h3>
      <Suspense fallback={<div className="admin-chart-canvas admin-chart-placeholder" />}>
        <BarChart points={rows} formatValue={formatValue} />
      </Suspense>
      <figcaption className="admin-chart-summary">{summary}</figcaption>
      <details className="admin-chart-table">
        <summary>{t('figures.showTable')}</summary>
        <TableScroll label={title}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col" className="numeric">
                  {valueHeading}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.fullLabel}>
                  <th scope="row">{row.fullLabel}</th>
                  <td className="numeric">{formatCell(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
