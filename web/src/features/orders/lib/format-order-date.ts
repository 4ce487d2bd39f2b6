import type { Locale } from '@linea/shared/domain/money';

/** An order's date as the Swiss write it ("15 January 2024", "15. Januar 2024"), in Zürich time. */
export function formatOrderDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(`${locale}-CH`, { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(date);
}
