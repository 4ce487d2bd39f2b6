import { queryOptions } from '@tanstack/react-query';
import { wishlistResponse, type WishlistResponse } from '@linea/shared/contracts/wishlist';
import { api } from '../../../api/client';
import type { SessionStatus } from '../../../stores/session-store';
import { wishlistQueryKey } from './query-keys';

/** GET /wishlist: the signed-in customer's saved products, most recently saved first. */
export function getWishlist(signal?: AbortSignal): Promise<WishlistResponse> {
  return api.request('/wishlist', { schema: wishlistResponse, signal });
}

/** Only asked for with a session: signed-out visitors never load the auth library for it. */
export const wishlistQuery = (status: SessionStatus) =>
  queryOptions({
    queryKey: wishlistQueryKey(status),
    queryFn: ({ signal }) => getWishlist(signal),
    enabled: status === 'signedIn',
  });
