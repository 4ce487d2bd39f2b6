import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, selectSubtotal, selectTotalItems, useCartStore } from './cart-store';

const tee = { id: 'tee', name: 'Tee', price: 4900, size: 'M', color: 'Chalk', image: '/t.svg' };

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ lines: [] });
});
afterEach(() => vi.restoreAllMocks());

describe('cart store', () => {
  it('adds, raises, sets and removes lines and saves each change under linea-cart', () => {
    const cart = useCartStore.getState();
    cart.add(tee, 2);
    cart.add(tee);
    expect(useCartStore.getState().lines).toEqual([{ ...tee, quantity: 3 }]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.lines[0].quantity).toBe(3);

    useCartStore.getState().setQuantity(tee, 0);
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it('reprices only the matching line', () => {
    const cart = useCartStore.getState();
    cart.add(tee);
    cart.add({ ...tee, size: 'L' });
    useCartStore.getState().reprice(tee, 5400);
    expect(useCartStore.getState().lines.map((line) => [line.size, line.price])).toEqual([
      ['M', 5400],
      ['L', 4900],
    ]);
  });

  it('restores a removed line at its place with its quantity, and saves it', () => {
    const cart = useCartStore.getState();
    cart.add(tee, 2);
    cart.add({ ...tee, size: 'L' });
    cart.add({ ...tee, size: 'S' });
    const before = useCartStore.getState().lines;
    const removed = before[1]!;
    useCartStore.getState().remove(removed);

    useCartStore.getState().restore([removed], before);

    expect(useCartStore.getState().lines).toEqual(before);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.lines).toHaveLength(3);
  });

  it('derives totals through selectors', () => {
    useCartStore.getState().add(tee, 2);
    useCartStore.getState().add({ ...tee, id: 'belt', price: 8900 });
    expect(selectTotalItems(useCartStore.getState())).toBe(3);
    expect(selectSubtotal(useCartStore.getState())).toBe(18_700);
    useCartStore.getState().clear();
    expect(selectTotalItems(useCartStore.getState())).toBe(0);
  });

  it('restores a saved cart', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { lines: [{ ...tee, quantity: 2 }] }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().lines).toEqual([{ ...tee, quantity: 2 }]);
  });

  it('adds what is put in while the saved cart is read to it, and writes neither over the other', async () => {
    const saved = JSON.stringify({ state: { lines: [{ ...tee, quantity: 2 }] }, version: 1 });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    const reading = useCartStore.persist.rehydrate();

    useCartStore.getState().add({ ...tee, size: 'L' });
    useCartStore.getState().add(tee);
    // Not written yet: the saved cart is still there should the page close now.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(saved);

    await reading;
    const lines = [
      { ...tee, quantity: 3 },
      { ...tee, size: 'L', quantity: 1 },
    ];
    expect(useCartStore.getState().lines).toEqual(lines);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.lines).toEqual(lines);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a cart', JSON.stringify({ state: { lines: [{ id: 1 }] }, version: 1 })],
  ])('logs and ignores a saved cart that is %s', async (_what, saved) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().lines).toEqual([]);
    expect(warn).toHaveBeenCalled();
    useCartStore.getState().add(tee);
    expect(useCartStore.getState().lines).toHaveLength(1);
  });
});
