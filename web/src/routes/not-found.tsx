import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageMeta } from '../components/ui/use-page-meta';

/** The spec's 404: 'Oops! Page not found' and a way home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('notFound.title'), description: t('pageMeta.notFoundDescription') });
  return (
    <div className="page status-page not-found">
      <p className="status-code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1>{t('notFound.message')}</h1>
      <Link to={paths.home.getHref()} className="button button-primary">
        <ArrowLeft aria-hidden="true" size={16} strokeWidth={1.25} />
        {t('notFound.home')}
      </Link>
    </div>
  );
}
