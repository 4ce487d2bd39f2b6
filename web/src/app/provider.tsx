import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../features/account/api/query-keys';
import { useSessionStore } from '../stores/session-store';

/** Per-user server data must not outlive the session it was fetched with. */
function useForgetAccountDataOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.status !== previous.status) queryClient.removeQueries({ queryKey: accountQueryKey });
      }),
    [queryClient],
  );
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useForgetAccountDataOnSignOut(queryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
