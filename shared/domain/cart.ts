import type { Locale, Rappen } from './money';
import { priceOrder } from './pricing';

/**
 * The cart's rules (spec §4). A line is one product in one size and one colour; prices here are
 * what the shopper last saw, for display only: the server prices every order from the table.
 */
export interface CartLine {
  /** The product id. */
  id: string;
  /** In the language the shopper last saw the product in; see relabelLines. */
  name: string;
  price: Rappen;
  /** Size and colour keys: what identifies the line and what an order stores. */
  size: string;
  color: string;
  /** How size and colour read in that language; absent in carts saved before the shop had languages. */
  sizeLabel?: string;
  colorName?: string;
  /** The language of name and labels; absent in carts saved before the shop had languages. */
  locale?: Locale;
  image: string;
  quantity: number;
}

/** The line's size and colour as the shopper reads them, without the empty ones. */
export function lineOptions(line: CartLine): string[] {
  return [line.size && (line.sizeLabel ?? line.size), line.color && (line.colorName ?? line.color)].filter(Boolean);
}

/** A product's texts in the page's language, as the catalogue gives them. */
export interface ProductLabels {
  id: string;
  name: string;
  sizeLabels: Readonly<Record<string, string>>;
  colorNames: Readonly<Record<string, string>>;
}

/**
 * Puts a product's texts in the page's language onto its lines, so the cart, the checkout and
 * every message about a line speak the language the shopper now reads. Returns `lines` itself
 * when nothing changes, so a store can skip the update.
 */
export function relabelLines(lines: CartLine[], product: ProductLabels, locale: Locale): CartLine[] {
  let changed = false;
  const next = lines.map((line) => {
    if (line.id !== product.id) return line;
    const relabelled = {
      ...line,
      name: product.name,
      sizeLabel: product.sizeLabels[line.size] ?? line.sizeLabel ?? line.size,
      colorName: product.colorNames[line.color] ?? line.colorName ?? line.color,
      locale,
    };
    if (
      relabelled.locale === line.locale &&
      relabelled.name === line.name &&
      relabelled.sizeLabel === line.sizeLabel &&
      relabelled.colorName === line.colorName
    ) {
      return line;
    }
    changed = true;
    return relabelled;
  });
  return changed ? next : lines;
}

/** The most of one line a shopper can put in the cart; stock is checked again at checkout. */
export const MAX_LINE_QUANTITY = 20;

export type LineIdentity = Pick<CartLine, 'id' | 'size' | 'color'>;

export const sameLine = (a: LineIdentity, b: LineIdentity): boolean =>
  a.id === b.id && a.size === b.size && a.color === b.color;

export function lineKey(line: LineIdentity): string {
  return JSON.stringify([line.id, line.size, line.color]);
}

const clampQuantity = (quantity: number): number => Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));

/** Adds `quantity` of an item: raises a matching line, or appends a new one. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  if (!(quantity >= 1)) return [...lines];
  const existing = lines.find((line) => sameLine(line, item));
  if (existing) {
    return lines.map((line) =>
      line === existing ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  return [...lines, { ...item, quantity: clampQuantity(quantity) }];
}

/** Sets a line's quantity; zero or less removes the line. */
export function setQuantity(lines: readonly CartLine[], target: LineIdentity, quantity: number): CartLine[] {
  if (!(quantity > 0)) return removeFromCart(lines, target);
  return lines.map((line) => (sameLine(line, target) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeFromCart(lines: readonly CartLine[], target: LineIdentity): CartLine[] {
  return lines.filter((line) => !sameLine(line, target));
}

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

export const totalItems = (lines: readonly CartLine[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

export const subtotal = (lines: readonly CartLine[]): Rappen =>
  lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

export interface CartSummary {
  subtotal: Rappen;
  shipping: Rappen;
  total: Rappen;
  /** The Swiss VAT contained in the total. */
  vat: Rappen;
}

/** The cart page's summary: subtotal plus the flat shipping fee (no shipping on an empty cart), no promo. */
export function summarizeCart(lines: readonly CartLine[]): CartSummary {
  const { subtotal, shipping, total, vat } = priceOrder(
    lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity })),
  );
  return { subtotal, shipping, total, vat };
}
