import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@linea/shared/domain/money';
import { getProduct } from '../../catalog/api/get-product';

/**
 * Its own key and no staleness: the cart asks the catalogue afresh every time it opens, rather
 * than trusting a product page seen a while ago. GET /products/{id} answers for sold-out
 * products too (inStock false), unlike the listing.
 */
export const cartProductQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['cart', 'product', id, locale],
    queryFn: ({ signal }) => getProduct(id, locale, signal),
    staleTime: 0,
  });
