import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../components/ui/use-page-meta';
import { FaqContent, useFaqEntries } from '../features/content/components/faq-content';
import { usePolicyFacts } from '../features/content/policy-facts';

export function FaqRoute() {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  const entries = useFaqEntries();
  usePageMeta({
    title: t('faqPage.title'),
    description: t('faqPage.metaDescription', facts),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: entries.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    },
  });
  return (
    <FaqContent
      links={{
        contact: paths.contact.getHref(),
        sizeGuide: paths.sizeGuide.getHref(),
        shippingReturns: paths.shippingReturns.getHref(),
      }}
    />
  );
}
