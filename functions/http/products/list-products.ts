import { listProductsQuery } from '@linea/shared/contracts/products';
import { products, toProductDto } from '../../data/product-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /products', { query: listProductsQuery }, async ({ query }) => {
  const items = await products.listInStock(query.category ? { categoryId: query.category } : {});
  return json(200, { items: items.map(toProductDto) }, { 'cache-control': 'public, max-age=30' });
});
