import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import type { WishlistResponse } from '@linea/shared/contracts/wishlist';
import { isApiError } from '../../../api/api-error';
import { useLocale } from '../../../i18n/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { addToWishlist } from '../api/add-to-wishlist';
import { wishlistQueryKey } from '../api/query-keys';
import { removeFromWishlist } from '../api/remove-from-wishlist';
import { useSignInRequiredToast } from './use-sign-in-required-toast';

export interface WishlistToggle {
  product: ProductDto;
  /** True to save, false to remove. */
  save: boolean;
}

const TOGGLE_KEY = ['wishlist-toggle'] as const;

/** A product's toasts share a key: saving it after a failed try takes the failure's place. */
const toastKey = (product: ProductDto) => `wishlist:${product.id}`;

/**
 * Saves or removes a product with an optimistic update: the heart changes at once, and a
 * failure puts the previous list back and says so (spec §8 texts). A lost session asks to sign
 * in, with a way there and back.
 */
export function useToggleWishlist() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signInRequired = useSignInRequiredToast();
  const status = useSessionStore((state) => state.status);
  // The heart is pressed on a page in the current language: its product is in that language too.
  const key = wishlistQueryKey(status, useLocale());

  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ product, save }: WishlistToggle) =>
      save ? addToWishlist(product.id) : removeFromWishlist(product.id),
    onMutate: async ({ product, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WishlistResponse>(key);
      if (previous) {
        const others = previous.items.filter((item) => item.id !== product.id);
        queryClient.setQueryData<WishlistResponse>(key, { items: save ? [product, ...others] : others });
      }
      return { previous };
    },
    onError: (error, { product, save }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (isApiError(error) && error.code === 'UNAUTHENTICATED') {
        signInRequired();
      } else {
        toast.error(t('wishlist.errorTitle'), {
          description: save ? t('wishlist.addFailed') : t('wishlist.removeFailed'),
          key: toastKey(product),
        });
      }
    },
    onSuccess: (_result, { product, save }) => {
      toast.success(save ? t('wishlist.added') : t('wishlist.removed'), { key: toastKey(product) });
    },
    onSettled: () => {
      // Refetching while another toggle is still in flight would undo that one's optimistic state.
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
