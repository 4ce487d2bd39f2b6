import type { ProductDto } from '@linea/shared/contracts/products';
import { MAX_LINE_QUANTITY, type CartLine } from '@linea/shared/domain/cart';

export type LineCheck =
  /** The catalogue has not answered yet. */
  | { state: 'checking' }
  /** The catalogue could not be asked (network, server error): the line stays as it was. */
  | { state: 'unverified' }
  | { state: 'unavailable'; reason: 'gone' | 'outOfStock' | 'option' }
  | { state: 'available'; price: number; maxQuantity: number };

export type ProductLookup =
  { status: 'pending' } | { status: 'notFound' } | { status: 'error' } | { status: 'found'; product: ProductDto };

/** Whether a product still offers a line's size or colour; a product without any offers only "". */
function offers(options: readonly string[], chosen: string): boolean {
  return options.length === 0 ? chosen === '' : options.includes(chosen);
}

/** What the catalogue says about one cart line now. */
export function checkLine(line: CartLine, lookup: ProductLookup): LineCheck {
  switch (lookup.status) {
    case 'pending':
      return { state: 'checking' };
    case 'error':
      return { state: 'unverified' };
    case 'notFound':
      return { state: 'unavailable', reason: 'gone' };
    case 'found': {
      const { product } = lookup;
      if (!product.inStock || product.stockQuantity < 1) return { state: 'unavailable', reason: 'outOfStock' };
      if (!offers(product.sizes, line.size) || !offers(product.colors, line.color)) {
        return { state: 'unavailable', reason: 'option' };
      }
      return {
        state: 'available',
        price: product.price,
        maxQuantity: Math.min(MAX_LINE_QUANTITY, product.stockQuantity),
      };
    }
  }
}
