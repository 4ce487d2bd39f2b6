import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../ui/use-page-meta';

/** A page whose content arrives with a later issue: its title and a short note. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageMeta({ title });
  return (
    <div className="page placeholder-page">
      <h1>{title}</h1>
      <p className="muted">{t('common.comingSoon')}</p>
    </div>
  );
}
