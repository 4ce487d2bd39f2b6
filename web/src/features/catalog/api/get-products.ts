import { queryOptions } from '@tanstack/react-query';
import { listProductsResponse, type ListProductsQuery, type ProductDto } from '@linea/shared/contracts/products';
import type { Locale } from '@linea/shared/domain/money';
import { api } from '../../../api/client';

type ProductsFilter = Omit<ListProductsQuery, 'lang'>;

/** GET /products: in-stock products in display order, in `locale`, optionally of one category or matching a search. */
export async function getProducts(filter: ProductsFilter, locale: Locale, signal?: AbortSignal): Promise<ProductDto[]> {
  const response = await api.request('/products', {
    query: { ...filter, lang: locale },
    schema: listProductsResponse,
    signal,
    withToken: false,
  });
  return response.items;
}

export const productsQuery = (filter: ProductsFilter, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'products', filter, locale],
    queryFn: ({ signal }) => getProducts(filter, locale, signal),
  });

/** The API rejects longer search texts; the page and the route loader cut them the same way. */
const MAX_SEARCH_LENGTH = 100;

/** The search text of a /products URL (`?q=`), trimmed; empty when the page is not a search. */
export function searchTextFrom(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
}
