import { PackageCheck, RotateCcw, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatChf } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { useLocale } from '../../../i18n/i18n';

/** Shipping, dispatch and returns as the shop's policy states them, so copy and checkout agree. */
export function PolicyNotes() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { min, max } = SHOP_POLICY.dispatchBusinessDays;
  return (
    <ul className="policy-notes">
      <li>
        <Truck aria-hidden="true" size={16} />
        {t('product.shippingNote', { fee: formatChf(SHOP_POLICY.shippingFee, locale) })}
      </li>
      <li>
        <PackageCheck aria-hidden="true" size={16} />
        {t('product.dispatchNote', { min, max })}
      </li>
      <li>
        <RotateCcw aria-hidden="true" size={16} />
        {t('product.returnsNote', { days: SHOP_POLICY.returnWindowDays })}
      </li>
    </ul>
  );
}
