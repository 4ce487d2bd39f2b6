import { catalogueLanguageQuery } from '@linea/shared/contracts/products';
import type { WishlistResponse } from '@linea/shared/contracts/wishlist';
import { products, toProductDto } from '../../data/product-repository';
import { wishlist } from '../../data/wishlist-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /wishlist', { query: catalogueLanguageQuery }, async ({ actor, query }) => {
  const entries = await wishlist.list(actor.userId);
  const saved = await products.getMany(entries.map((entry) => entry.productId));
  // A deleted or deactivated product drops out of the list; the entry comes back with the product.
  const response: WishlistResponse = {
    items: saved.filter((product) => product.active).map((product) => toProductDto(product, query.lang)),
  };
  return json(200, response);
});
