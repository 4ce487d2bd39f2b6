import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/layout/placeholder-page';

/** /checkout: a placeholder until the checkout issue builds the form and payment. */
export function CheckoutRoute() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('checkout.title')} />;
}
