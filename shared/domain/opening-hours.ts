import type { Locale } from './money';

/**
 * Customer service hours (spec §9). The spec gives them in EST; a Swiss shop keeps them as its
 * own local hours in Zürich, so they are stated without a time zone label and the page says
 * "Zürich local time".
 */

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface OpeningPeriod {
  from: IsoWeekday;
  to: IsoWeekday;
  /** "HH:MM", 24-hour clock; absent when closed. */
  hours?: { open: string; close: string };
}

export const SHOP_TIME_ZONE = 'Europe/Zurich';

export const OPENING_HOURS: readonly OpeningPeriod[] = [
  { from: 1, to: 5, hours: { open: '09:00', close: '18:00' } },
  { from: 6, to: 6, hours: { open: '10:00', close: '16:00' } },
  { from: 7, to: 7 },
];

// 1 January 2024 was a Monday: day n of that week names ISO weekday n in any language.
const dateOfWeekday = (day: IsoWeekday) => new Date(Date.UTC(2024, 0, day));

/** "Monday" / "Montag", from the platform's own translations. */
export function weekdayName(day: IsoWeekday, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-CH`, { weekday: 'long', timeZone: 'UTC' }).format(dateOfWeekday(day));
}

/** "09:00" as the language writes it ("9:00"). */
export function formatTime(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(`${locale}-CH`, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** schema.org OpeningHoursSpecification for the contact page's structured data. */
export function openingHoursSpecification(): Record<string, unknown>[] {
  return OPENING_HOURS.filter((period) => period.hours).map((period) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: SCHEMA_DAYS.slice(period.from - 1, period.to),
    opens: period.hours?.open,
    closes: period.hours?.close,
  }));
}

const CLOSED: Record<Locale, string> = { en: 'closed', de: 'geschlossen' };

/** "Monday–Friday 9:00–18:00", one line per period, for text that is not a page (the assistant's answers). */
export function openingHoursLines(locale: Locale): string[] {
  return OPENING_HOURS.map((period) => {
    const days =
      period.from === period.to
        ? weekdayName(period.from, locale)
        : `${weekdayName(period.from, locale)}–${weekdayName(period.to, locale)}`;
    const hours = period.hours
      ? `${formatTime(period.hours.open, locale)}–${formatTime(period.hours.close, locale)}`
      : CLOSED[locale];
    return `${days} ${hours}`;
  });
}
