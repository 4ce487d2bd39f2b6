import type { Locale } from '@linea/shared/domain/money';

/** A Zürich calendar day from the API (yyyy-mm-dd), read as that date wherever the browser is. */
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** "24.11." on a chart's axis, as the Swiss write a day. */
export function shortDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-CH`, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    asDate(day),
  );
}

/** "24 November 2026" / "24. November 2026" in tables and sentences. */
export function longDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-CH`, { dateStyle: 'long', timeZone: 'UTC' }).format(asDate(day));
}

/** A count in the Swiss convention ("1’234"). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CH`).format(value);
}

/** Whole francs for a chart's axis ("CHF 1’200"); the tables show Rappen. */
export function formatFrancsAxis(rappen: number, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CH`, {
    style: 'currency',
    currency: 'CHF',
    maximumFractionDigits: 0,
  }).format(rappen / 100);
}

/** The spec's conversion rate, already in percent with one decimal ("112.5 %"). */
export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CH`, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent / 100);
}
