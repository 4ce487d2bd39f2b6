import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../components/ui/use-page-meta';
import { AuthPanel } from '../features/auth/components/auth-panel';
import { RETURN_TO_PARAM, safeReturnTo } from '../lib/auth/return-to';
import { preloadAuth } from '../lib/auth/session';

/** A piece from the collection beside the form, on wide screens only. */
const AUTH_ART = '/images/products/merino-crew-sweater-1.svg';

/**
 * /auth: sign in or sign up; the router's guard sends signed-in shoppers to /dashboard. After
 * signing in, the shopper goes back to where whoever sent them here asked (`?returnTo=/path` or
 * router state `{ returnTo }`), when that is a path on this site, else to /dashboard.
 */
export function AuthRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const routerState = useLocation().state as { returnTo?: unknown } | null;
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM) ?? routerState?.returnTo);
  usePageMeta({ title: t('auth.title'), description: t('pageMeta.authDescription') });
  // The shopper is about to type; fetch the auth library meanwhile, not on submit.
  useEffect(preloadAuth, []);
  return (
    <div className="page auth-page">
      <div className="auth-art" aria-hidden="true">
        <img src={AUTH_ART} alt="" width={800} height={1000} decoding="async" />
      </div>
      <AuthPanel onSignedIn={() => void navigate(returnTo, { replace: true })} />
    </div>
  );
}
