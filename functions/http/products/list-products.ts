import { listProductsQuery } from '@linea/shared/contracts/products';
import { searchProducts } from '@linea/shared/domain/search';
import { products, toProductDto } from '../../data/product-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /products', { query: listProductsQuery }, async ({ query }) => {
  const listed = await products.listInStock(query.category ? { categoryId: query.category } : {});
  const items = query.q ? searchProducts(listed, query.q) : listed;
  return json(200, { items: items.map(toProductDto) }, { 'cache-control': 'public, max-age=30' });
});
