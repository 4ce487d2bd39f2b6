import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { wishlistQuery } from '../api/get-wishlist';
import { wishlistBaseKey } from '../api/query-keys';

/**
 * The shopper's wishlist from the server, keyed by the session state so it reloads on every
 * sign-in and sign-out (spec §4). Signed out, there is no request and nothing saved.
 */
export function useWishlist() {
  const queryClient = useQueryClient();
  const status = useSessionStore((state) => state.status);
  const query = useQuery(wishlistQuery(status, useLocale()));

  useEffect(() => {
    // Another person may sign in next on this device.
    if (status === 'signedOut') queryClient.removeQueries({ queryKey: wishlistBaseKey });
  }, [status, queryClient]);

  const savedIds = useMemo(() => new Set(query.data?.items.map((product) => product.id)), [query.data]);
  return { status, signedIn: status === 'signedIn', query, has: (productId: string) => savedIds.has(productId) };
}
