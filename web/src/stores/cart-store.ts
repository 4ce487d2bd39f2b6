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

/** While the saved cart is being read, a change is not written: it would replace the cart unread. */
let reading = false;
let unwritten = false;

/**
 * localStorage, with the saved cart read in the background: it is checked against its schema
 * (saved-cart.ts, loaded then). A saved cart that is not JSON, or not a cart, is logged and
 * ignored (spec §8): the shopper gets an empty cart and a working shop instead of a crash.
 */
const safeStorage: StateStorage = {
  getItem: async (name) => {
    // Never rejects (blocked storage, the schema's chunk not loading): the store must finish
    // reading, as app/start.tsx waits for it.
    try {
      // No storage on the server (web/src/server/render.tsx): the cart starts empty there.
      if (typeof localStorage === 'undefined') return null;
      // Read at once: what the schema then checks is the cart as it was saved.
      const raw = localStorage.getItem(name);
      if (raw === null) return null;
      const parsed = JSON.parse(raw) as { state?: unknown; version?: number };
      const { storedCart } = await import('./saved-cart');
      const cart = storedCart.safeParse(parsed.state);
      if (!cart.success) throw new Error('saved cart has an unexpected shape');
      return JSON.stringify({ state: cart.data, version: parsed.version ?? 0 });
    } catch (err) {
      console.warn('Ignoring a saved cart that could not be read', err);
      return null;
    }
  },
  setItem: (name, value) => {
    if (reading) {
      unwritten = true;
      return;
    }
    globalThis.localStorage?.setItem(name, value);
  },
  removeItem: (name) => globalThis.localStorage?.removeItem(name),
};

/**
 * The saved cart is read when the store is created, also under a page rendered on the server
 * (which shows an empty cart), and arrives a moment later (its schema is loaded first): the
 * store's hooks render its initial state (zustand's getInitialState, before the saved cart)
 * while React takes that page over, and the saved cart when it is there; app/start.tsx waits
 * for it before drawing a page itself (whenSavedCartRead). What the shopper added before it
 * arrived is added to it, and written only then.
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
      merge: (saved, current) => {
        const savedLines = (saved as Partial<Pick<CartState, 'lines'>> | undefined)?.lines ?? [];
        const lines = current.lines.reduce(
          (cart, { quantity, ...item }) => addToCart(cart, item, quantity),
          savedLines,
        );
        return { ...current, lines };
      },
      onRehydrateStorage: () => {
        reading = true;
        return () => {
          reading = false;
          if (!unwritten) return;
          unwritten = false;
          // The store's setState writes the cart as it now is (zustand's persist).
          useCartStore.setState((state) => state);
        };
      },
    },
  ),
);

export const selectTotalItems = (state: CartState): number => totalItems(state.lines);
export const selectSubtotal = (state: CartState): number => subtotal(state.lines);

/** Resolves once the saved cart is in the store (at once when it is, or when there is none). */
export function whenSavedCartRead(): Promise<void> {
  if (useCartStore.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useCartStore.persist.onFinishHydration(() => {
      stop();
      resolve();
    });
  });
}
