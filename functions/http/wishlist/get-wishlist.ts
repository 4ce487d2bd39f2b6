import type { WishlistResponse } from '@linea/shared/contracts/wishlist';
import { products, toProductDto } from '../../data/product-repository';
import { wishlist } from '../../data/wishlist-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /wishlist', {}, async ({ actor }) => {
  const entries = await wishlist.list(actor.userId);
  const saved = await products.getMany(entries.map((entry) => entry.productId));
  const response: WishlistResponse = { items: saved.map(toProductDto) };
  return json(200, response);
});
