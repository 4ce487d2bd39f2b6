import { handler as getMe } from '../http/account/get-me';
import { handler as getProfile } from '../http/account/get-profile';
import { handler as updateProfile } from '../http/account/update-profile';
import { handler as listMyOrders } from '../http/orders/list-my-orders';
import { handler as listAddresses } from '../http/addresses/list-addresses';
import { handler as addAddress } from '../http/addresses/add-address';
import { handler as updateAddress } from '../http/addresses/update-address';
import { handler as deleteAddress } from '../http/addresses/delete-address';
import { handler as getWishlist } from '../http/wishlist/get-wishlist';
import { handler as addToWishlist } from '../http/wishlist/add-to-wishlist';
import { handler as removeFromWishlist } from '../http/wishlist/remove-from-wishlist';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('account', {
  'GET /me': getMe,
  'GET /me/profile': getProfile,
  'PUT /me/profile': updateProfile,
  'GET /orders': listMyOrders,
  'GET /addresses': listAddresses,
  'POST /addresses': addAddress,
  'PATCH /addresses/{id}': updateAddress,
  'DELETE /addresses/{id}': deleteAddress,
  'GET /wishlist': getWishlist,
  'PUT /wishlist/{productId}': addToWishlist,
  'DELETE /wishlist/{productId}': removeFromWishlist,
});
