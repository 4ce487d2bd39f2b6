import { queryOptions } from '@tanstack/react-query';
import { productDto, type ProductDto } from '@linea/shared/contracts/products';
import { api } from '../../../api/client';

/** GET /products/{id}: one product; an unknown id is an ApiError with code NOT_FOUND. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDto> {
  return api.request(`/products/${encodeURIComponent(id)}`, { schema: productDto, signal, withToken: false });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });
