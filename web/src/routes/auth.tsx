import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { AuthPanel } from '../features/auth/components/auth-panel';
import { preloadAuth } from '../lib/auth/session';

/** /auth: sign in or sign up; the router's guard sends signed-in shoppers to /dashboard. */
export function AuthRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.title'));
  // The shopper is about to type; fetch the auth library meanwhile, not on submit.
  useEffect(preloadAuth, []);
  return (
    <div className="page auth-page">
      <AuthPanel onSignedIn={() => void navigate(paths.dashboard.getHref(), { replace: true })} />
    </div>
  );
}
