/** Numbers in a question: a body measurement (for sizes) and a price limit. */
import { normaliseForSearch } from '../../../shared/domain/search';

export interface Measurement {
  readonly value: number;
  readonly unit: 'cm' | 'in';
}

const MEASUREMENT =
  /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*(zentimeter|centimet(?:er|re)s?|cm|inches|inch|zoll|in|"|″|'')?(?![\p{L}\p{N}])/gu;
const CURRENCY_BEFORE = /(?:chf|sfr|fr\.?)\s*$/;
const CURRENCY_AFTER = /^\s*(?:chf|sfr|franken|francs|fr\b|\.-)/;
/** Not a chest or waist: a height, a weight, an age, a shoe size. */
const OTHER_UNIT_AFTER = /^\s*(?:m|meters?|metres?|kg|kilos?|years?|jahre|eu)(?![\p{L}\p{N}])/u;
const PRICE_LIMIT =
  /(?:under|below|less than|cheaper than|no more than|not more than|at most|up to|max(?:imum)?|within|unter|bis(?: zu)?|hochstens|maximal|weniger als|billiger als|gunstiger als)\s*(?:chf|sfr|fr\.?|franken|francs)?\s*(\d+(?:[.,]\d+)?)/u;

const toNumber = (raw: string): number => Number(raw.replace(',', '.'));

/**
 * The body measurement in a size question: a number with cm, in, inch, " or Zoll; without a unit,
 * inches below 60 and centimetres from 60. Prices ("CHF 100", "100 Franken"), heights ("1.80 m")
 * and weights are not measurements.
 */
export function measurementIn(text: string): Measurement | undefined {
  const normalised = normaliseForSearch(text);
  for (const match of normalised.matchAll(MEASUREMENT)) {
    const at = match.index ?? 0;
    const before = normalised.slice(Math.max(0, at - 6), at);
    const after = normalised.slice(at + (match[1] as string).length);
    if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after) || OTHER_UNIT_AFTER.test(after)) continue;
    const value = toNumber(match[1] as string);
    if (!(value > 0 && value <= 300)) continue;
    const unitWord = match[2];
    const unit = unitWord ? (/^(?:cm|zentimeter|centimet)/.test(unitWord) ? 'cm' : 'in') : value < 60 ? 'in' : 'cm';
    return { value, unit };
  }
  return undefined;
}

/** "under CHF 100", "unter 100 Franken", "bis 80": the price limit in francs. */
export function priceLimitIn(text: string): number | undefined {
  const match = PRICE_LIMIT.exec(normaliseForSearch(text));
  const value = match ? toNumber(match[1] as string) : NaN;
  return value > 0 ? value : undefined;
}
