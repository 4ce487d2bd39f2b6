import { queryOptions } from '@tanstack/react-query';
import { listProductsResponse, type ListProductsQuery, type ProductDto } from '@linea/shared/contracts/products';
import { api } from '../../../api/client';

/** GET /products: in-stock products in display order, optionally of one category. */
export async function getProducts(query: ListProductsQuery = {}, signal?: AbortSignal): Promise<ProductDto[]> {
  const response = await api.request('/products', {
    query,
    schema: listProductsResponse,
    signal,
    withToken: false,
  });
  return response.items;
}

export const productsQuery = (query: ListProductsQuery = {}) =>
  queryOptions({
    queryKey: ['catalog', 'products', query],
    queryFn: ({ signal }) => getProducts(query, signal),
  });
