import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../components/ui/use-page-meta';
import { paths } from '../config/paths';
import { unsubscribe } from '../features/newsletter/api/subscribe';
import { isLocale, setLocale, useLocale } from '../i18n/i18n';

/**
 * /unsubscribe?email=&token=&lang=: the link at the foot of every newsletter. It asks first and
 * unsubscribes on the click, so a mail scanner that opens links unsubscribes nobody. The page
 * speaks the subscriber's language (`lang`).
 */
export function UnsubscribeRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const lang = params.get('lang');
  usePageMeta({ title: t('unsubscribe.title'), description: t('unsubscribe.title') });
  useEffect(() => {
    if (isLocale(lang) && lang !== locale) void setLocale(lang);
    // Only the link's language, once: the visitor may switch afterwards.
  }, [lang]);

  const leave = useMutation({ mutationFn: () => unsubscribe({ email, token }) });
  const invalid =
    !email ||
    !token ||
    (leave.isError && isApiError(leave.error) && ['NOT_FOUND', 'VALIDATION'].includes(leave.error.code));

  return (
    <div className="page status-page">
      <h1>{leave.isSuccess ? t('unsubscribe.done') : t('unsubscribe.title')}</h1>
      {leave.isSuccess ? (
        <p className="lead" role="status">
          {t('unsubscribe.doneDescription', { email })}
        </p>
      ) : invalid ? (
        <p className="lead" role="alert">
          {t('unsubscribe.invalid')}
        </p>
      ) : (
        <>
          <p className="lead">{t('unsubscribe.question', { email })}</p>
          {leave.isError ? (
            <p className="form-alert" role="alert">
              {t(`errors.${isApiError(leave.error) ? leave.error.code : 'INTERNAL'}`)}
            </p>
          ) : null}
          <Button onClick={() => leave.mutate()} disabled={leave.isPending}>
            {leave.isPending ? t('unsubscribe.busy') : t('unsubscribe.button')}
          </Button>
        </>
      )}
      <Link to={paths.home.getHref()} className="text-button">
        {t('unsubscribe.backHome')}
      </Link>
    </div>
  );
}
