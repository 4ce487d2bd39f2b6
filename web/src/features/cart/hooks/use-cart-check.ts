import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { ProductDto } from '@linea/shared/contracts/products';
import { lineKey, type CartLine } from '@linea/shared/domain/cart';
import { isApiError } from '../../../api/api-error';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { cartProductQuery } from '../api/get-cart-product';
import { checkLine, type LineCheck, type ProductLookup } from '../lib/check-line';

/** What changed on a line during this visit, so the page can say so after the store is updated. */
export interface LineAdjustment {
  previousPrice?: number;
  cappedTo?: number;
}

export interface CartCheck {
  checks: ReadonlyMap<string, LineCheck>;
  adjustments: ReadonlyMap<string, LineAdjustment>;
  /** Some line has not been checked yet. */
  checking: boolean;
}

/**
 * Re-checks every cart line against the catalogue when the cart opens: one GET /products/{id}
 * per distinct product, in parallel. A changed price is taken over (and noted); a quantity above
 * the stock is lowered to it (and noted). Lines that cannot be bought are reported, not dropped:
 * the shopper decides to remove them.
 */
export function useCartCheck(lines: readonly CartLine[]): CartCheck {
  const ids = useMemo(() => [...new Set(lines.map((line) => line.id))], [lines]);
  // A stable combine runs only when a result changes, so the checks below keep their identity.
  const combine = useCallback(
    (results: UseQueryResult<ProductDto>[]) =>
      new Map<string, ProductLookup>(
        results.map((result, index): [string, ProductLookup] => {
          const id = ids[index]!;
          if (result.data) return [id, { status: 'found', product: result.data }];
          if (isApiError(result.error) && result.error.code === 'NOT_FOUND') return [id, { status: 'notFound' }];
          if (result.isError) return [id, { status: 'error' }];
          return [id, { status: 'pending' }];
        }),
      ),
    [ids],
  );
  const locale = useLocale();
  const lookups = useQueries({ queries: ids.map((id) => cartProductQuery(id, locale)), combine });

  const checks = useMemo(
    () => new Map(lines.map((line) => [lineKey(line), checkLine(line, lookups.get(line.id) ?? { status: 'pending' })])),
    [lines, lookups],
  );

  const [adjustments, setAdjustments] = useState<ReadonlyMap<string, LineAdjustment>>(new Map());
  const reprice = useCartStore((state) => state.reprice);
  const setQuantity = useCartStore((state) => state.setQuantity);

  useEffect(() => {
    const changes: [string, LineAdjustment][] = [];
    for (const line of lines) {
      const check = checks.get(lineKey(line));
      if (check?.state !== 'available') continue;
      const change: LineAdjustment = {};
      if (check.price !== line.price) {
        change.previousPrice = line.price;
        reprice(line, check.price);
      }
      if (line.quantity > check.maxQuantity) {
        change.cappedTo = check.maxQuantity;
        setQuantity(line, check.maxQuantity);
      }
      if (Object.keys(change).length) changes.push([lineKey(line), change]);
    }
    if (changes.length) {
      setAdjustments((current) => {
        const next = new Map(current);
        for (const [key, change] of changes) next.set(key, { ...current.get(key), ...change });
        return next;
      });
    }
  }, [lines, checks, reprice, setQuantity]);

  const checking = [...checks.values()].some((check) => check.state === 'checking');
  return { checks, adjustments, checking };
}
