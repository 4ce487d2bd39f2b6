import type { Locale, Rappen } from '@linea/shared/domain/money';

/**
 * Francs without the currency sign, for texts that name it themselves ('You saved 10 CHF'):
 * whole francs without decimals, anything else with two.
 */
export function formatFrancs(amount: Rappen, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CH`, {
    minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}
