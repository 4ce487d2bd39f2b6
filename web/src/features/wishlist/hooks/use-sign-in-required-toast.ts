import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { signInHref } from '../../../lib/auth/return-to';
import { toast } from '../../../stores/toast-store';

/** One toast however often the heart is pressed signed out. */
const SIGN_IN_TOAST_KEY = 'wishlist:sign-in';

/**
 * "Please sign in" for a wishlist action without a session, with a Sign in link that returns to
 * the page the shopper is on.
 */
export function useSignInRequiredToast(): () => number {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    toast.dismissKey(SIGN_IN_TOAST_KEY);
    return toast.info(t('wishlist.signInRequired'), {
      description: t('wishlist.signInRequiredDescription'),
      key: SIGN_IN_TOAST_KEY,
      action: {
        label: t('wishlist.signInAction'),
        altText: t('wishlist.signInActionAlt'),
        to: signInHref(`${pathname}${search}`),
      },
    });
  }, [t, pathname, search]);
}
