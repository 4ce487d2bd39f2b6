import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../components/ui/use-page-meta';
import { CONTACT_DETAILS, postalAddressLine } from '../features/contact/contact-details';
import { usePolicyFacts } from '../features/content/policy-facts';
import { TermsContent } from '../features/content/components/terms-content';

export function TermsRoute() {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  usePageMeta({ title: t('termsPage.title'), description: t('termsPage.metaDescription', facts) });
  return (
    <TermsContent contact={{ address: postalAddressLine(t('contactPage.country')), email: CONTACT_DETAILS.email }} />
  );
}
