/**
 * Money is integer Rappen (1 CHF = 100 Rappen) in storage, on the wire and in arithmetic,
 * so sums never drift. Only formatting turns it into francs.
 */
export type Rappen = number;

export const CURRENCY = 'CHF';

/** Swiss standard VAT rate since 2024; prices are VAT-inclusive. */
export const VAT_RATE_PERCENT = 8.1;

export function assertRappen(value: number): Rappen {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Not a non-negative whole number of Rappen: ${value}`);
  }
  return value;
}

/** Parses a francs amount as typed by a person ("129", "129.5", "129.50") into Rappen. */
export function francsToRappen(francs: number): Rappen {
  return assertRappen(Math.round(francs * 100));
}

export type Locale = 'en' | 'de';

const formatters = new Map<Locale, Intl.NumberFormat>();

/** Formats Rappen as CHF in the Swiss convention of the locale, e.g. "CHF 129.00". */
export function formatChf(amount: Rappen, locale: Locale = 'en'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(`${locale}-CH`, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount / 100);
}

/** The same rate in basis points (1/100 of a percent), so VAT arithmetic stays in integers. */
export const VAT_RATE_BASIS_POINTS = 810;

/**
 * The VAT contained in a VAT-inclusive amount: gross x rate / (1 + rate), rounded half up to the
 * Rappen. Integer arithmetic only: with the rate as a float (8.1), a product such as
 * 1081 x 8.1 lands a hair off .5 and Math.round tips the wrong way.
 */
export function includedVat(grossAmount: Rappen, rateBasisPoints = VAT_RATE_BASIS_POINTS): Rappen {
  assertRappen(grossAmount);
  const numerator = grossAmount * rateBasisPoints;
  const denominator = 10_000 + rateBasisPoints;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
