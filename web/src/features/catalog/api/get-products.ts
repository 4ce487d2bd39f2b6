import { queryOptions } from '@tanstack/react-query';
import { listProductsResponse, type ListProductsQuery, type ProductDto } from '@linea/shared/contracts/products';
import { api } from '../../../api/client';

/** GET /products: in-stock products in display order, optionally of one category or matching a search. */
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

/** The API rejects longer search texts; the page and the route loader cut them the same way. */
const MAX_SEARCH_LENGTH = 100;

/** The search text of a /products URL (`?q=`), trimmed; empty when the page is not a search. */
export function searchTextFrom(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
}
