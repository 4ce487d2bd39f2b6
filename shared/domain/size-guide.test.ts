import { describe, expect, it } from 'vitest';
import { BOTTOMS_WAIST, TOPS_CHEST, formatRange, sizeTableFor } from './size-guide';

describe('size guide', () => {
  it('holds the spec’s chest and waist ranges', () => {
    expect(TOPS_CHEST.map((r) => formatRange(r.inches, 'in'))).toEqual(['34–36', '36–38', '38–40', '40–42', '42–44']);
    expect(BOTTOMS_WAIST[0]!.inches).toEqual([26, 28]);
    expect(BOTTOMS_WAIST.at(-1)!.inches).toEqual([34, 36]);
  });

  it('converts to centimetres', () => {
    expect(formatRange([34, 36], 'cm')).toBe('86–91');
  });

  it('picks the table by category', () => {
    expect(sizeTableFor('bottoms')).toBe('bottoms');
    expect(sizeTableFor('outerwear')).toBe('tops');
    expect(sizeTableFor('accessories')).toBeUndefined();
  });
});
