import type { Locale } from '@linea/shared/domain/money';
import type { SessionStatus } from '../../../stores/session-store';

/**
 * Under the app's per-user "account" prefix, which the app provider drops whenever the session
 * changes; the status in the key makes a new sign-in start from an empty cache as well.
 */
export const wishlistBaseKey = ['account', 'wishlist'] as const;
export const wishlistQueryKey = (status: SessionStatus, locale: Locale) =>
  [...wishlistBaseKey, status, locale] as const;
