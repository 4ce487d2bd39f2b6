import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageMeta } from '../components/ui/use-page-meta';
import { AccountOverview } from '../features/account/components/account-overview';
import { AccountTabs } from '../features/account/components/account-tabs';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { selectIsSignedIn, useSessionStore } from '../stores/session-store';

/**
 * /dashboard: the customer account. The router's guard keeps signed-out visitors away; this
 * component follows the session afterwards, so signing out (here or elsewhere) leads to /auth.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const signedIn = useSessionStore(selectIsSignedIn);
  usePageMeta({ title: t('dashboard.title'), description: t('pageMeta.dashboardDescription') });
  if (!signedIn) return <Navigate to={paths.auth.getHref()} replace />;

  return (
    <div className="page dashboard">
      <div className="page-header dashboard-header">
        <h1>{t('dashboard.title')}</h1>
        <SignOutButton />
      </div>
      <AccountOverview />
      <AccountTabs />
    </div>
  );
}
