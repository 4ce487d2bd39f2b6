import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageMeta } from '../components/ui/use-page-meta';
import { clearCheckoutDraft } from '../features/checkout/lib/checkout-draft';
import { OrderConfirmation } from '../features/orders/components/order-confirmation';

/**
 * /order-confirmation/{id}: where the payment provider returns (with `cs_...`) and where order
 * emails link to. Once the order is paid, the details kept for a retried checkout are dropped.
 */
export function OrderConfirmationRoute() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  usePageMeta({
    title: t('orderConfirmation.title'),
    description: t('orderConfirmation.metaDescription'),
    noindex: true,
  });
  return (
    <div className="page confirmation-page">
      <OrderConfirmation key={orderId} orderId={orderId} onPaid={clearCheckoutDraft} />
    </div>
  );
}
