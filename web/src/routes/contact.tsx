import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/layout/placeholder-page';

export function ContactRoute() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('placeholder.contact')} />;
}
