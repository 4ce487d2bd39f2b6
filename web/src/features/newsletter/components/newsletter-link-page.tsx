import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/use-page-meta';
import { paths } from '../../../config/paths';
import { isLocale, setLocale, useLocale } from '../../../i18n/i18n';

export interface NewsletterLink {
  readonly email: string;
  readonly token: string;
}

/**
 * The page of a link the newsletter mails (`?email=&token=&lang=`): it asks first and acts on the
 * click, so a mail scanner that opens links changes nobody's subscription. It speaks the
 * subscriber's language (`lang`). `texts` names the page's texts in the dictionary.
 */
export function NewsletterLinkPage({
  texts,
  act,
}: {
  texts: 'newsletterConfirm' | 'unsubscribe';
  act: (link: NewsletterLink) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const lang = params.get('lang');
  usePageMeta({ title: t(`${texts}.title`), description: t(`${texts}.title`) });
  useEffect(() => {
    if (isLocale(lang) && lang !== locale) void setLocale(lang);
    // Only the link's language, once: the visitor may switch afterwards.
  }, [lang]);

  const action = useMutation({ mutationFn: () => act({ email, token }) });
  const invalid =
    !email ||
    !token ||
    (action.isError && isApiError(action.error) && ['NOT_FOUND', 'VALIDATION'].includes(action.error.code));

  return (
    <div className="page status-page">
      <h1>{action.isSuccess ? t(`${texts}.done`) : t(`${texts}.title`)}</h1>
      {action.isSuccess ? (
        <p className="lead" role="status">
          {t(`${texts}.doneDescription`, { email })}
        </p>
      ) : invalid ? (
        <p className="lead" role="alert">
          {t(`${texts}.invalid`)}
        </p>
      ) : (
        <>
          <p className="lead">{t(`${texts}.question`, { email })}</p>
          {action.isError ? (
            <p className="form-alert" role="alert">
              {t(`errors.${isApiError(action.error) ? action.error.code : 'INTERNAL'}`)}
            </p>
          ) : null}
          <Button onClick={() => action.mutate()} disabled={action.isPending}>
            {action.isPending ? t(`${texts}.busy`) : t(`${texts}.button`)}
          </Button>
        </>
      )}
      <Link to={paths.home.getHref()} className="text-button">
        {t(`${texts}.backHome`)}
      </Link>
    </div>
  );
}
