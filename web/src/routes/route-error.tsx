import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../components/ui/use-page-meta';
import { NotFoundRoute } from './not-found';

/**
 * The route-level error boundary: 'Unexpected Application Error!' for anything unhandled,
 * including a page's code that failed to download after a deploy (hence the reload button).
 * Details go to the console only, never on screen.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);
  return notFound ? <NotFoundRoute /> : <UnexpectedError />;
}

function UnexpectedError() {
  const { t } = useTranslation();
  usePageMeta({ title: t('routeError.title'), description: t('routeError.description') });
  return (
    <div className="page status-page route-error" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p className="lead">{t('routeError.description')}</p>
      <div className="actions">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <Link to={paths.home.getHref()} className="button button-secondary">
          {t('routeError.home')}
        </Link>
      </div>
    </div>
  );
}
