import { describe, expect, it } from 'vitest';
import { assertRappen, formatChf, francsToRappen, includedVat } from './money';

describe('formatChf', () => {
  // Intl keeps "CHF" and the amount together with a no-break space, so they never wrap apart.
  it('formats Rappen as Swiss francs in English and German', () => {
    expect(formatChf(12_900, 'en')).toBe('CHF\u00a0129.00');
    expect(formatChf(12_950, 'de')).toBe('CHF\u00a0129.50');
    expect(formatChf(123_456_700, 'de')).toMatch(/^CHF\u00a01['’]234['’]567\.00$/);
  });

  it('never shows a dollar sign', () => {
    expect(formatChf(700)).not.toContain('$');
  });
});

describe('francsToRappen', () => {
  it('rounds typed francs to whole Rappen without float drift', () => {
    expect(francsToRappen(0.1 + 0.2)).toBe(30);
    expect(francsToRappen(129.99)).toBe(12_999);
  });

  it('refuses negative amounts', () => {
    expect(() => francsToRappen(-1)).toThrow(RangeError);
    expect(() => assertRappen(1.5)).toThrow(RangeError);
  });
});

describe('includedVat', () => {
  it('extracts the 8.1 % Swiss VAT contained in a gross price', () => {
    expect(includedVat(10_810)).toBe(810);
    expect(includedVat(0)).toBe(0);
  });

  it('rounds to the nearest Rappen, in integers', () => {
    // 13 x 810 / 10810 = 0.974...: 1.
    expect(includedVat(13)).toBe(1);
    // 6 x 810 / 10810 = 0.449...: 0.
    expect(includedVat(6)).toBe(0);
    // 4900 x 810 / 10810 = 367.16...: 367.
    expect(includedVat(4_900)).toBe(367);
    // 5405 x 810 / 10810 = 405 exactly.
    expect(includedVat(5_405)).toBe(405);
  });

  it('is never more than half a Rappen from the exact VAT (no tie exists at 8.1 %)', () => {
    const off: number[] = [];
    for (let gross = 0; gross < 200_000; gross += 1) {
      // Compared in integers: |10810 x vat - 810 x gross| < 10810 / 2.
      if (2 * Math.abs(10_810 * includedVat(gross) - 810 * gross) >= 10_810) off.push(gross);
    }
    expect(off).toEqual([]);
  });

  it('refuses amounts that are not whole Rappen', () => {
    expect(() => includedVat(10.5)).toThrow(RangeError);
  });
});
