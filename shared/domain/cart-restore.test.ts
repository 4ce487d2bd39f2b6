import { describe, expect, it } from 'vitest';
import { restoreLines, type CartLine } from './cart';

const line = (id: string, quantity = 1, size = 'M'): CartLine => ({
  id,
  name: id,
  price: 1000,
  size,
  color: 'Black',
  image: `/${id}.svg`,
  quantity,
});

const tee = line('tee', 2);
const coat = line('coat', 1);
const scarf = line('scarf', 12);
const teeSmall = line('tee', 3, 'S');
const cart = [tee, coat, scarf, teeSmall];
const ids = (lines: readonly CartLine[]) => lines.map((entry) => `${entry.id}/${entry.size}×${entry.quantity}`);

describe('restoreLines', () => {
  it('puts a removed line back at its place', () => {
    expect(restoreLines([tee, scarf, teeSmall], [coat], cart)).toEqual(cart);
    expect(restoreLines([coat, scarf, teeSmall], [tee], cart)).toEqual(cart);
    expect(restoreLines([tee, coat, scarf], [teeSmall], cart)).toEqual(cart);
  });

  it('puts every line of a cleared cart back in order, with its quantity', () => {
    expect(restoreLines([], cart, cart)).toEqual(cart);
  });

  it('rebuilds the order when two removals are undone in either order', () => {
    const afterFirst = [tee, scarf, teeSmall]; // coat removed from the full cart
    const afterSecond = [tee, scarf]; // then the small tee, from what was left
    const undoSecondFirst = restoreLines(restoreLines(afterSecond, [teeSmall], afterFirst), [coat], cart);
    const undoFirstFirst = restoreLines(restoreLines(afterSecond, [coat], cart), [teeSmall], afterFirst);
    expect(ids(undoSecondFirst)).toEqual(ids(cart));
    expect(ids(undoFirstFirst)).toEqual(ids(cart));
  });

  it('keeps lines added since, after the restored ones', () => {
    const belt = line('belt');
    expect(ids(restoreLines([belt], [tee, coat], [tee, coat]))).toEqual(ids([tee, coat, belt]));
  });

  it('restores the removed quantity over a line added again in the meantime', () => {
    const addedAgain = { ...coat, quantity: 5 };
    expect(restoreLines([tee, scarf, teeSmall, addedAgain], [coat], cart)).toEqual(cart);
  });
});
