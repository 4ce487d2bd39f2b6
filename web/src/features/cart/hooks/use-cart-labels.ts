import { useEffect, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { CartLine } from '@linea/shared/domain/cart';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { cartProductQuery } from '../api/get-cart-product';

/**
 * Keeps the cart's lines in the page's language: a tee added on a German page reads "T-Shirt"
 * again after switching to English, in the cart, at checkout and in every message about its line.
 * Only lines in another language are asked about, so an unchanged language costs no request; on
 * the cart page the cart's own check has asked already and the answers come from the cache.
 */
export function useCartLabels(lines: readonly CartLine[]): void {
  const locale = useLocale();
  const ids = useMemo(
    () => [...new Set(lines.filter((line) => line.locale !== locale).map((line) => line.id))],
    [lines, locale],
  );
  const products = useQueries({
    queries: ids.map((id) => cartProductQuery(id, locale)),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
  const relabel = useCartStore((state) => state.relabel);
  useEffect(() => {
    for (const product of products) relabel(product, locale);
  }, [products, locale, relabel]);
}
