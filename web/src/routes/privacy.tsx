import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../components/ui/use-page-meta';
import { CONTACT_DETAILS, postalAddressLine } from '../features/contact/contact-details';
import { PrivacyContent } from '../features/content/components/privacy-content';

export function PrivacyRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('privacyPage.title'), description: t('privacyPage.metaDescription') });
  return (
    <PrivacyContent contact={{ address: postalAddressLine(t('contactPage.country')), email: CONTACT_DETAILS.email }} />
  );
}
