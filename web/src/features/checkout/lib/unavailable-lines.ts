import * as z from '../../../lib/zod-mini';
import { unavailableLine, type UnavailableLine } from '@linea/shared/contracts/checkout';
import { lineOptions, type CartLine } from '@linea/shared/domain/cart';

/** A line the shop could not reserve, with the name and options the shopper knows it by. */
export interface UnavailableItem extends UnavailableLine {
  name: string;
  /** Size and colour in the page's language. */
  options: string[];
}

const unavailableLines = z.array(unavailableLine);

/**
 * The lines of an OUT_OF_STOCK answer (`details.lines`), named from the cart. A line the cart no
 * longer holds keeps its product id as its name; an answer in an unexpected shape gives none.
 */
export function unavailableItems(details: Record<string, unknown> | undefined, cart: readonly CartLine[]) {
  const parsed = unavailableLines.safeParse(details?.lines);
  if (!parsed.success) return [];
  return parsed.data.map((line): UnavailableItem => {
    const match = cart.find(
      (item) => item.id === line.productId && item.size === line.size && item.color === line.color,
    );
    return {
      ...line,
      name: match?.name ?? cart.find((item) => item.id === line.productId)?.name ?? line.productId,
      options: match ? lineOptions(match) : [line.size, line.color].filter(Boolean),
    };
  });
}
