import type { Locale } from './money';

/**
 * Size labels that read differently in another language. Letter sizes (XS–XL) and numbers are
 * the same everywhere; only worded sizes need a translation.
 */
const SIZE_LABELS: Readonly<Record<string, Partial<Record<Locale, string>>>> = {
  'One Size': { de: 'Einheitsgrösse' },
};

/** A size as a shopper reads it in `locale`: "One Size" is "Einheitsgrösse" in German. */
export function sizeLabel(size: string, locale: Locale): string {
  return SIZE_LABELS[size]?.[locale] ?? size;
}
