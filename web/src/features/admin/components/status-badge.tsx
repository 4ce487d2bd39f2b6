import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@linea/shared/domain/order-status';
import { ADMIN_NAMESPACE } from '../i18n';

/** Spec §4: the badge is "default" for delivered, "secondary" for shipped, "outline" otherwise. */
export function badgeVariant(status: OrderStatus): 'default' | 'secondary' | 'outline' {
  if (status === 'delivered') return 'default';
  if (status === 'shipped') return 'secondary';
  return 'outline';
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <span className={`admin-badge admin-badge-${badgeVariant(status)}`} data-status={status}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}
