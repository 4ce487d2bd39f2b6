import type { Locale } from '@linea/shared/domain/money';

/** The shop keeps Zürich's clock: the team reads every time in it, whatever the server's zone. */
export const SHOP_TIME_ZONE = 'Europe/Zurich';

/** A storefront page's address, from the site's URL as configured (with or without its last slash). */
export function siteUrl(webUrl: string, path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${webUrl.replace(/\/$/, '')}${path}${search}`;
}

/** Replaces `{{name}}` placeholders, the same syntax the web app's i18next uses. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : placeholder,
  );
}

/**
 * A moment as the shop in Zürich reads it, in `locale`: the date with its weekday and the
 * 24-hour time apart, so a dictionary template decides how they are joined, e.g.
 * `{ date: 'Monday, 23 November 2026', time: '08:15' }`. Undefined if `iso` is no timestamp.
 */
export function zurichDateTime(iso: string, locale: Locale): { date: string; time: string } | undefined {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return undefined;
  // The Swiss variant of each language: 24-hour clock and the day before the month in English too.
  const region = `${locale}-CH`;
  return {
    date: new Intl.DateTimeFormat(region, { dateStyle: 'full', timeZone: SHOP_TIME_ZONE }).format(moment),
    time: new Intl.DateTimeFormat(region, { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(moment),
  };
}

/** A language's name in another language, e.g. `languageName('de', 'en')` → "German". */
export function languageName(language: string, inLocale: Locale): string {
  return new Intl.DisplayNames([inLocale], { type: 'language', fallback: 'code' }).of(language) ?? language;
}
