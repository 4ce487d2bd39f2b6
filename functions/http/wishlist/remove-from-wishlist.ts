import { wishlistPathParams } from '@linea/shared/contracts/wishlist';
import { wishlist } from '../../data/wishlist-repository';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler(
  'DELETE /wishlist/{productId}',
  { params: wishlistPathParams },
  async ({ actor, params }) => {
    await wishlist.remove(actor.userId, params.productId);
    return noContent();
  },
);
