import { api } from '../../../api/client';

/** DELETE /wishlist/{productId}: forgets a saved product (204, also when it was not saved). */
export function removeFromWishlist(productId: string): Promise<void> {
  return api.request(`/wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}
