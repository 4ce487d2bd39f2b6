import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../components/ui/use-page-meta';
import { AboutContent } from '../features/content/components/about-content';

export function AboutRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('aboutPage.title'), description: t('aboutPage.metaDescription') });
  return <AboutContent />;
}
