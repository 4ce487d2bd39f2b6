import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../components/ui/use-page-meta';
import { usePolicyFacts } from '../features/content/policy-facts';
import { ShippingReturnsContent } from '../features/content/components/shipping-returns-content';

export function ShippingReturnsRoute() {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  usePageMeta({ title: t('shippingPage.title'), description: t('shippingPage.metaDescription', facts) });
  return <ShippingReturnsContent contactHref={paths.contact.getHref()} />;
}
