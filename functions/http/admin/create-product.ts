import { productInput } from '@linea/shared/contracts/products';
import { httpHandler, json } from '../../lib/http';
import { createProduct, toAdminProductDto } from '../../services/admin-products';

export const handler = httpHandler('POST /admin/products', { body: productInput }, async ({ body, actor }) =>
  json(201, toAdminProductDto(await createProduct(body, actor))),
);
