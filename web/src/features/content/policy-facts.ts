import { formatChf } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { useLocale } from '../../i18n/i18n';

// A type alias, not an interface: i18next's typed options need an index-compatible object.
export type PolicyFacts = {
  /** The flat shipping fee, formatted: "CHF 7.00". */
  fee: string;
  /** Return window in days. */
  days: number;
  /** Dispatch time in business days, from … to. */
  min: number;
  max: number;
  /** Reply time to contact messages, in hours. */
  hours: number;
};

/**
 * The shop's promises as interpolation values for the copy, always from SHOP_POLICY (what the
 * server charges and does), so no page can state a fee or a delay the shop does not keep.
 */
export function usePolicyFacts(): PolicyFacts {
  const locale = useLocale();
  const { shippingFee, returnWindowDays, dispatchBusinessDays, contactReplyHours } = SHOP_POLICY;
  return {
    fee: formatChf(shippingFee, locale),
    days: returnWindowDays,
    min: dispatchBusinessDays.min,
    max: dispatchBusinessDays.max,
    hours: contactReplyHours,
  };
}
