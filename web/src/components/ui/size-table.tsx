import { useTranslation } from 'react-i18next';
import { BOTTOMS_WAIST, formatRange, TOPS_CHEST } from '@linea/shared/domain/size-guide';

export interface SizeTableProps {
  /** Which of the spec's tables: chest for tops, waist for bottoms (see `sizeTableFor`). */
  table: 'tops' | 'bottoms';
  /** Overrides the default caption ("Tops: chest measurements"). */
  caption?: string;
  /** Keeps the caption for assistive technology only, when a visible heading already says it. */
  hideCaption?: boolean;
}

/**
 * The size guide's body measurements per size, in centimetres (first, for a Swiss shop) and in
 * inches (as the spec gives them), from shared/domain/size-guide.ts. A real table: the caption
 * names it, and size headers label each row for screen readers.
 */
export function SizeTable({ table, caption, hideCaption = false }: SizeTableProps) {
  const { t } = useTranslation();
  const rows = table === 'tops' ? TOPS_CHEST : BOTTOMS_WAIST;
  const measure = t(table === 'tops' ? 'sizeTable.chest' : 'sizeTable.waist');
  const defaultCaption = t(table === 'tops' ? 'sizeTable.topsCaption' : 'sizeTable.bottomsCaption');
  return (
    <table className="size-chart">
      <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption ?? defaultCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('sizeTable.size')}</th>
          <th scope="col">{t('sizeTable.columnCm', { measure })}</th>
          <th scope="col">{t('sizeTable.columnIn', { measure })}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.size}>
            <th scope="row">{row.size}</th>
            <td>{formatRange(row.inches, 'cm')}</td>
            <td>{formatRange(row.inches, 'in')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
