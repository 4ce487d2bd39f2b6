import { describe, expect, it } from 'vitest';
import { COLOR_SWATCHES, contrastRatio, relativeLuminance, swatchFor, swatchRing } from './colors';

const LIGHT_PAGE = ['#f7f5f1', '#ffffff'];
const DARK_PAGE = ['#131211'];

describe('contrastRatio', () => {
  it('follows WCAG 2.x: 21:1 for black on white, 1:1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The classic threshold: #767676 is the lightest grey at 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => contrastRatio('black', '#ffffff')).toThrow('Not a #rrggbb colour: "black"');
  });
});

describe('swatchRing', () => {
  it('keeps a swatch that already stands out from the page as its own ring', () => {
    expect(swatchRing(swatchFor('Black'), LIGHT_PAGE)).toBe('#1f1f20');
    expect(swatchRing(swatchFor('Chalk'), DARK_PAGE)).toBe('#eeeae2');
  });

  it('lightens Black on the dark page and darkens Chalk on the light one, just to 3:1', () => {
    const black = swatchRing(swatchFor('Black'), DARK_PAGE);
    expect(relativeLuminance(black)).toBeGreaterThan(relativeLuminance(swatchFor('Black')));
    expect(contrastRatio(black, DARK_PAGE[0]!)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(black, DARK_PAGE[0]!)).toBeLessThan(3.3);

    const chalk = swatchRing(swatchFor('Chalk'), LIGHT_PAGE);
    expect(relativeLuminance(chalk)).toBeLessThan(relativeLuminance(swatchFor('Chalk')));
    for (const ground of LIGHT_PAGE) expect(contrastRatio(chalk, ground)).toBeGreaterThanOrEqual(3);
  });

  it('reaches 3:1 on every ground for every known colour in both themes', () => {
    for (const fill of Object.values(COLOR_SWATCHES)) {
      for (const page of [LIGHT_PAGE, DARK_PAGE]) {
        const ring = swatchRing(fill, page);
        for (const ground of page)
          expect(contrastRatio(ring, ground), `${fill} on ${ground}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('moves a mid grey on a mid grey page whichever way is shorter', () => {
    // #777777 sits almost exactly between black and white: either way reaches 3:1.
    const ring = swatchRing('#777777', ['#767676']);
    expect(contrastRatio(ring, '#767676')).toBeGreaterThanOrEqual(3);
  });
});
