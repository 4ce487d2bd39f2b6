import { NotFoundError } from '@linea/shared/errors';
import { catalogueLanguageQuery, productPathParams } from '@linea/shared/contracts/products';
import { products, toProductDto } from '../../data/product-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler(
  'GET /products/{id}',
  { params: productPathParams, query: catalogueLanguageQuery },
  async ({ params, query }) => {
    const product = await products.getById(params.id);
    if (!product?.active) throw new NotFoundError('Product', params.id);
    return json(200, toProductDto(product, query.lang));
  },
);
