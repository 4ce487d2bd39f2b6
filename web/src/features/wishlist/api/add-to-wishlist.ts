import { api } from '../../../api/client';

/** PUT /wishlist/{productId}: saves a product; saving twice is fine (204 both times). */
export function addToWishlist(productId: string): Promise<void> {
  return api.request(`/wishlist/${encodeURIComponent(productId)}`, { method: 'PUT' });
}
