import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/layout/placeholder-page';

export function CartRoute() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('placeholder.cart')} />;
}
