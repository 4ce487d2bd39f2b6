import { listProductsQuery } from '@linea/shared/contracts/products';
import { searchProducts } from '@linea/shared/domain/search';
import { products, toProductDto } from '../../data/product-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /products', { query: listProductsQuery }, async ({ query }) => {
  const listed = await products.listInStock(query.category ? { categoryId: query.category } : {});
  // Search looks at every language a product has, whatever language the answer is in.
  const items = query.q ? searchProducts(listed, query.q) : listed;
  return json(200, { items: items.map((product) => toProductDto(product, query.lang)) });
});
