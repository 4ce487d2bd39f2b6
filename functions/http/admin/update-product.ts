import { productPathParams, updateProductRequest } from '@linea/shared/contracts/products';
import { httpHandler, json } from '../../lib/http';
import { toAdminProductDto, updateProduct } from '../../services/admin-products';

export const handler = httpHandler(
  'PATCH /admin/products/{id}',
  { params: productPathParams, body: updateProductRequest },
  async ({ params, body, actor }) => json(200, toAdminProductDto(await updateProduct(params.id, body, actor))),
);
