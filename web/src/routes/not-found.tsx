import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../components/ui/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page not-found">
      <p className="display" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1>{t('notFound.message')}</h1>
      <Link to={paths.home.getHref()} className="button button-primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
