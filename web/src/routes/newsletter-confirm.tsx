import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../components/ui/use-page-meta';
import { paths } from '../config/paths';
import { confirmSubscription } from '../features/newsletter/api/subscribe';
import { isLocale, setLocale, useLocale } from '../i18n/i18n';

/**
 * /newsletter/confirm?email=&token=&lang=: the link in the sign-up's confirmation email (double
 * opt-in). It asks first and confirms on the click, so a mail scanner that opens links subscribes
 * nobody. The page speaks the subscriber's language (`lang`).
 */
export function NewsletterConfirmRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const lang = params.get('lang');
  usePageMeta({ title: t('newsletterConfirm.title'), description: t('newsletterConfirm.title') });
  useEffect(() => {
    if (isLocale(lang) && lang !== locale) void setLocale(lang);
    // Only the link's language, once: the visitor may switch afterwards.
  }, [lang]);

  const confirm = useMutation({ mutationFn: () => confirmSubscription({ email, token }) });
  const invalid =
    !email ||
    !token ||
    (confirm.isError && isApiError(confirm.error) && ['NOT_FOUND', 'VALIDATION'].includes(confirm.error.code));

  return (
    <div className="page status-page">
      <h1>{confirm.isSuccess ? t('newsletterConfirm.done') : t('newsletterConfirm.title')}</h1>
      {confirm.isSuccess ? (
        <p className="lead" role="status">
          {t('newsletterConfirm.doneDescription', { email })}
        </p>
      ) : invalid ? (
        <p className="lead" role="alert">
          {t('newsletterConfirm.invalid')}
        </p>
      ) : (
        <>
          <p className="lead">{t('newsletterConfirm.question', { email })}</p>
          {confirm.isError ? (
            <p className="form-alert" role="alert">
              {t(`errors.${isApiError(confirm.error) ? confirm.error.code : 'INTERNAL'}`)}
            </p>
          ) : null}
          <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? t('newsletterConfirm.busy') : t('newsletterConfirm.button')}
          </Button>
        </>
      )}
      <Link to={paths.home.getHref()} className="text-button">
        {t('newsletterConfirm.backHome')}
      </Link>
    </div>
  );
}
