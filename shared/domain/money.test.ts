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
});
