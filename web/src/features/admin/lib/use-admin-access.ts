import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { meQuery } from '../../account/api/get-me';
import { selectIsSignedIn, useSessionStore } from '../../../stores/session-store';

export type AdminAccess = 'checking' | 'admin' | 'denied' | 'error';

/**
 * Whether the signed-in account is in the admin group, as the API reads it from the verified
 * token (GET /me). It only steers the UI: every admin route checks the group itself.
 */
export function useAdminAccess(): { access: AdminAccess; error?: unknown; retry: () => void } {
  const signedIn = useSessionStore(selectIsSignedIn);
  const me = useQuery({ ...meQuery(), enabled: signedIn, staleTime: 60_000 });
  const retry = () => void me.refetch();
  if (!signedIn) return { access: 'denied', retry };
  if (me.isPending) return { access: 'checking', retry };
  if (me.isError) {
    const refused = isApiError(me.error) && (me.error.status === 401 || me.error.status === 403);
    return refused ? { access: 'denied', retry } : { access: 'error', error: me.error, retry };
  }
  return { access: me.data.isAdmin ? 'admin' : 'denied', retry };
}
