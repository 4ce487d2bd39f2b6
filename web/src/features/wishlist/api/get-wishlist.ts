import { queryOptions } from '@tanstack/react-query';
import { wishlistResponse, type WishlistResponse } from '@linea/shared/contracts/wishlist';
import type { Locale } from '@linea/shared/domain/money';
import { api } from '../../../api/client';
import type { SessionStatus } from '../../../stores/session-store';
import { wishlistQueryKey } from './query-keys';

/** GET /wishlist?lang=: the signed-in customer's saved products in `locale`, most recently saved first. */
export function getWishlist(locale: Locale, signal?: AbortSignal): Promise<WishlistResponse> {
  return api.request('/wishlist', { query: { lang: locale }, schema: wishlistResponse, signal });
}

/** Only asked for with a session: signed-out visitors never load the auth library for it. */
export const wishlistQuery = (status: SessionStatus, locale: Locale) =>
  queryOptions({
    queryKey: wishlistQueryKey(status, locale),
    queryFn: ({ signal }) => getWishlist(locale, signal),
    enabled: status === 'signedIn',
  });
