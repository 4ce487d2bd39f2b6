import { queryOptions } from '@tanstack/react-query';
import { productDto, type ProductDto } from '@linea/shared/contracts/products';
import type { Locale } from '@linea/shared/domain/money';
import { api } from '../../../api/client';

/** GET /products/{id}?lang=: one product in `locale`; an unknown id is an ApiError with code NOT_FOUND. */
export function getProduct(id: string, locale: Locale, signal?: AbortSignal): Promise<ProductDto> {
  return api.request(`/products/${encodeURIComponent(id)}`, {
    query: { lang: locale },
    schema: productDto,
    signal,
    withToken: false,
  });
}

export const productQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'product', id, locale],
    queryFn: ({ signal }) => getProduct(id, locale, signal),
  });
