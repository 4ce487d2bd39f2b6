import { formatChf, type Rappen } from '@linea/shared/domain/money';
import { useLocale } from '../../i18n/i18n';

/** A CHF amount (integer Rappen) in the Swiss convention of the current language. */
export function Price({ amount, className }: { amount: Rappen; className?: string }) {
  const locale = useLocale();
  return <span className={['price', className].filter(Boolean).join(' ')}>{formatChf(amount, locale)}</span>;
}
