import { productPathParams } from '@linea/shared/contracts/products';
import { httpHandler, noContent } from '../../lib/http';
import { deleteProduct } from '../../services/admin-products';

export const handler = httpHandler(
  'DELETE /admin/products/{id}',
  { params: productPathParams },
  async ({ params, actor }) => {
    await deleteProduct(params.id, actor);
    return noContent();
  },
);
