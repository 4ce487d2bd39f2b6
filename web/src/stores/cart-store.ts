import * as z from 'zod/mini';
import { create } from 'zustand';
import type { Locale } from '@linea/shared/domain/money';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  addToCart,
  relabelLines,
  removeFromCart,
  restoreLines,
  sameLine,
  setQuantity,
  subtotal,
  totalItems,
  type CartLine,
  type LineIdentity,
  type ProductLabels,
} from '@linea/shared/domain/cart';

/** The spec's brand-prefixed key that ends in "cart". */
export const CART_STORAGE_KEY = 'linea-cart';

interface CartState {
  lines: CartLine[];
  add: (item: Omit<CartLine, 'quantity'>, quantity?: number) => void;
  setQuantity: (line: LineIdentity, quantity: number) => void;
  /** Takes the catalogue's current unit price for a line (the cart re-checks on open). */
  reprice: (line: LineIdentity, price: number) => void;
  /** Puts a product's texts in the page's language onto its lines. */
  relabel: (product: ProductLabels, locale: Locale) => void;
  remove: (line: LineIdentity) => void;
  /** Undo of a removal: puts `removed` back where they stood in `order`, the cart as it was then. */
  restore: (removed: readonly CartLine[], order: readonly LineIdentity[]) => void;
  clear: () => void;
}

const storedLine = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  size: z.string(),
  color: z.string(),
  sizeLabel: z.optional(z.string()),
  colorName: z.optional(z.string()),
  locale: z.optional(z.enum(['en', 'de'])),
  image: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
});
const storedCart = z.object({ lines: z.array(storedLine) });

/**
 * localStorage, but a saved cart that is not JSON, or not a cart, is logged and ignored (spec
 * §8): the shopper gets an empty cart and a working shop instead of a crash.
 */
const safeStorage: StateStorage = {
  getItem: (name) => {
    // No storage on the server (web/src/server/render.tsx): the cart starts empty there.
    if (typeof localStorage === 'undefined') return null;
    const raw = localStorage.getItem(name);
    if (raw === null) return null;
    try {
      const parsed = JSON.parse(raw) as { state?: unknown; version?: number };
      const cart = storedCart.safeParse(parsed.state);
      if (!cart.success) throw new Error('saved cart has an unexpected shape');
      return JSON.stringify({ state: cart.data, version: parsed.version ?? 0 });
    } catch (err) {
      console.warn('Ignoring a saved cart that could not be read', err);
      return null;
    }
  },
  setItem: (name, value) => globalThis.localStorage?.setItem(name, value),
  removeItem: (name) => globalThis.localStorage?.removeItem(name),
};

/**
 * The saved cart is read when the store is created, also under a page rendered on the server
 * (which shows an empty cart): the store's hooks render its initial state (zustand's
 * getInitialState, before the saved cart) while React takes that page over, and the saved cart
 * right after. (With `skipHydration` instead, a change made before reading would overwrite the saved cart.)
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: (item, quantity = 1) => set((state) => ({ lines: addToCart(state.lines, item, quantity) })),
      setQuantity: (line, quantity) => set((state) => ({ lines: setQuantity(state.lines, line, quantity) })),
      reprice: (line, price) =>
        set((state) => ({
          lines: state.lines.map((current) => (sameLine(current, line) ? { ...current, price } : current)),
        })),
      relabel: (product, locale) =>
        set((state) => {
          const lines = relabelLines(state.lines, product, locale);
          return lines === state.lines ? state : { lines };
        }),
      remove: (line) => set((state) => ({ lines: removeFromCart(state.lines, line) })),
      restore: (removed, order) => set((state) => ({ lines: restoreLines(state.lines, removed, order) })),
      clear: () => set({ lines: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => safeStorage),
      partialize: (state) => ({ lines: state.lines }),
    },
  ),
);

export const selectTotalItems = (state: CartState): number => totalItems(state.lines);
export const selectSubtotal = (state: CartState): number => subtotal(state.lines);
