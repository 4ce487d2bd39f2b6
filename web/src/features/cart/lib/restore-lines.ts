import { sameLine, type CartLine, type LineIdentity } from '@linea/shared/domain/cart';

/**
 * Puts removed lines back where they were, as they were. Each goes after the nearest line that
 * came before it in `order` (the cart's order when it was removed) and is still in the cart, or
 * first if none is; so undoing several removals in any order rebuilds the original order. A line
 * added again in the meantime gives way to the removed one, whose quantity was the shopper's.
 */
export function restoreLines(
  current: readonly CartLine[],
  removed: readonly CartLine[],
  order: readonly LineIdentity[],
): CartLine[] {
  const lines = [...current];
  for (const line of removed) {
    const again = lines.findIndex((candidate) => sameLine(candidate, line));
    if (again !== -1) lines.splice(again, 1);
    const predecessors = order
      .slice(
        0,
        Math.max(
          0,
          order.findIndex((entry) => sameLine(entry, line)),
        ),
      )
      .reverse();
    const after = predecessors
      .map((entry) => lines.findIndex((candidate) => sameLine(candidate, entry)))
      .find((index) => index !== -1);
    lines.splice(after === undefined ? 0 : after + 1, 0, line);
  }
  return lines;
}
