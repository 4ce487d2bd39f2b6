import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ErrorMessage } from '../components/ui/error-message';
import { StatusMessage } from '../components/ui/status-message';
import { usePageMeta } from '../components/ui/use-page-meta';
import { paths } from '../config/paths';
import { AdminShell } from '../features/admin/components/admin-shell';
import { ADMIN_NAMESPACE } from '../features/admin/i18n';
import { useAdminAccess } from '../features/admin/lib/use-admin-access';
import '../features/admin/admin.css';

/**
 * /admin: the back office. The router's guard sends visitors without a session to /admin-login;
 * this page also sends there an account the API does not count as admin, and follows the
 * session afterwards (signing out here or elsewhere).
 */
export function AdminRoute() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { access, error, retry } = useAdminAccess();
  usePageMeta({ title: t('shell.title'), description: t('shell.subtitle') });
  if (access === 'denied') return <Navigate to={paths.adminLogin.getHref()} replace />;
  if (access === 'checking') return <StatusMessage>{t('shell.checking')}</StatusMessage>;
  if (access === 'error') return <ErrorMessage error={error} onRetry={retry} />;
  return <AdminShell />;
}
