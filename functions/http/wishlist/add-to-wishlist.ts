import { NotFoundError } from '@linea/shared/errors';
import { wishlistPathParams } from '@linea/shared/contracts/wishlist';
import { products } from '../../data/product-repository';
import { wishlist } from '../../data/wishlist-repository';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler(
  'PUT /wishlist/{productId}',
  { params: wishlistPathParams },
  async ({ actor, params }) => {
    if (!(await products.getById(params.productId))?.active) throw new NotFoundError('Product', params.productId);
    await wishlist.add(actor.userId, params.productId, new Date().toISOString());
    return noContent();
  },
);
