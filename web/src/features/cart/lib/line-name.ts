import type { TFunction } from 'i18next';
import { lineOptions, type CartLine } from '@linea/shared/domain/cart';

/**
 * A line as the shopper tells it from the others: "Essential Organic Tee (M, Chalk)". The same
 * product can be in the cart in two sizes, so controls and messages name the line, not the product.
 */
export function lineName(t: TFunction, line: CartLine): string {
  const options = lineOptions(line).join(', ');
  return options ? t('cart.item', { name: line.name, options }) : line.name;
}
