import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { usePageMeta } from '../components/ui/use-page-meta';
import { paths } from '../config/paths';
import { AdminLoginForm } from '../features/admin/components/admin-login-form';
import { ADMIN_NAMESPACE } from '../features/admin/i18n';
import { useAdminAccess } from '../features/admin/lib/use-admin-access';
import { preloadAuth } from '../lib/auth/session';
import '../features/admin/admin.css';

// The admin is about to type: fetch the auth library meanwhile.
preloadAuth();

/** /admin-login: the back office's own sign-in; an admin who is signed in already goes on. */
export function AdminLoginRoute() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const navigate = useNavigate();
  const { access } = useAdminAccess();
  usePageMeta({ title: t('login.title'), description: t('login.intro') });
  if (access === 'admin') return <Navigate to={paths.admin.getHref()} replace />;

  return (
    <div className="page admin-login">
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.intro')}</p>
      <AdminLoginForm onSignedIn={() => void navigate(paths.admin.getHref(), { replace: true })} />
      <Link to={paths.home.getHref()} className="text-button">
        {t('login.backToShop')}
      </Link>
    </div>
  );
}
