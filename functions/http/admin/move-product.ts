import { moveProductRequest, productPathParams } from '@linea/shared/contracts/products';
import { httpHandler, json } from '../../lib/http';
import { moveProduct, toAdminProductDto } from '../../services/admin-products';

export const handler = httpHandler(
  'POST /admin/products/{id}/move',
  { params: productPathParams, body: moveProductRequest },
  async ({ params, body, actor }) => json(200, toAdminProductDto(await moveProduct(params.id, body, actor))),
);
