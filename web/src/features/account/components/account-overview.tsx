import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useSessionStore } from '../../../stores/session-store';
import { meQuery } from '../api/get-me';
import '../account.css';

/** The greeting, from GET /me. A 401 means the stored session is no longer valid: end it. */
export function AccountOverview() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  const signOut = useSessionStore((state) => state.signOut);
  const sessionEnded = useSessionStore((state) => state.sessionEnded);
  const unauthenticated = isApiError(me.error) && me.error.code === 'UNAUTHENTICATED';

  useEffect(() => {
    if (unauthenticated) signOut().catch(sessionEnded);
  }, [unauthenticated, signOut, sessionEnded]);

  if (me.isPending || unauthenticated) return <StatusMessage>{t('dashboard.loading')}</StatusMessage>;
  if (me.isError) return <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />;

  const name = [me.data.firstName, me.data.lastName].filter(Boolean).join(' ');
  return (
    <p className="account-greeting">{t('dashboard.greeting', { name: me.data.firstName || name || me.data.email })}</p>
  );
}
