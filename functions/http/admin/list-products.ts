import type { AdminProductListResponse } from '@linea/shared/contracts/products';
import { products } from '../../data/product-repository';
import { httpHandler, json } from '../../lib/http';
import { toAdminProductDto } from '../../services/admin-products';

/** Every product, active or not, in stock or not, in display order. */
export const handler = httpHandler('GET /admin/products', {}, async () => {
  const response: AdminProductListResponse = { items: (await products.listAll()).map(toAdminProductDto) };
  return json(200, response);
});
