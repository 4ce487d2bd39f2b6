import { queryOptions } from '@tanstack/react-query';
import { productDto, type ProductDto } from '@linea/shared/contracts/products';
import { api } from '../../../api/client';

/** GET /products/{id}: unlike the listing it also answers for sold-out products (inStock false). */
export function getCartProduct(id: string, signal?: AbortSignal): Promise<ProductDto> {
  return api.request(`/products/${encodeURIComponent(id)}`, { schema: productDto, signal, withToken: false });
}

/**
 * Its own key and no staleness: the cart asks the catalogue afresh every time it opens, rather
 * than trusting a product page seen a while ago.
 */
export const cartProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['cart', 'product', id],
    queryFn: ({ signal }) => getCartProduct(id, signal),
    staleTime: 0,
  });
