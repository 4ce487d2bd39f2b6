import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../components/ui/use-page-meta';
import { SizeGuideContent } from '../features/content/components/size-guide-content';

export function SizeGuideRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('sizeGuidePage.title'), description: t('sizeGuidePage.metaDescription') });
  return <SizeGuideContent contactHref={paths.contact.getHref()} />;
}
