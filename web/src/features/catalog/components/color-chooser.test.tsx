/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_SWATCHES, contrastRatio, SWATCH_RING_CONTRAST, swatchFor } from '@linea/shared/domain/colors';
import { ColorChooser, SWATCH_GROUNDS } from './color-chooser';

// Read from disk, as palette.test.ts does: Vitest does not process CSS.
const tokens = readFileSync(`${import.meta.dirname}/../../../styles/tokens.css`, 'utf8');
const seed = readFileSync(`${import.meta.dirname}/../../../../../infra/local/seed/catalogue.ts`, 'utf8');

/** One `--color-<name>: #rrggbb` of a rule block in tokens.css, by selector. */
function token(selector: string, name: string): string | undefined {
  const start = tokens.indexOf(`${selector} {`);
  const block = tokens.slice(start, tokens.indexOf('}', start));
  return new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})\\s*;`, 'i').exec(block)?.[1]?.toLowerCase();
}

const GROUND_TOKENS = ['bg', 'surface', 'subtle'];
const grounds = {
  light: GROUND_TOKENS.map((name) => token(':root', name)),
  dark: GROUND_TOKENS.map((name) => token(':root.dark', name) ?? token(':root', name)),
};

/** Every colour a product of the seed catalogue comes in. */
const seededColors = [
  ...new Set(
    [...seed.matchAll(/colors:\s*\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((c) => c[1]!)),
  ),
];

describe('colour swatches', () => {
  it('knows the page colours of both themes as tokens.css has them', () => {
    expect(SWATCH_GROUNDS).toEqual(grounds);
  });

  it('has a swatch of its own for every colour of the seed catalogue', () => {
    expect(seededColors.length).toBeGreaterThanOrEqual(10);
    expect(seededColors.filter((name) => !Object.hasOwn(COLOR_SWATCHES, name))).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('rings every seeded colour at 3:1 or more against the %s page', (theme) => {
    // An unknown colour's neutral swatch is drawn too, so it must have a ring as well.
    render(<ColorChooser colors={[...seededColors, 'Unheard-of']} value={undefined} onChange={() => {}} />);
    // One query for all: getByRole per swatch is slow in jsdom.
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    const findings = [...seededColors, 'Unheard-of'].flatMap((name) => {
      const radio = radios.find((candidate) => candidate.value === name)!;
      const fill = radio.parentElement!.querySelector<HTMLElement>('.swatch-fill')!;
      expect(fill.style.backgroundColor).not.toBe('');
      const ring = fill.style.getPropertyValue(`--swatch-ring-${theme}`);
      return grounds[theme].map((ground) => ({ name, ring, ground, ratio: contrastRatio(ring, ground!) }));
    });
    expect(findings.length).toBe((seededColors.length + 1) * GROUND_TOKENS.length);
    expect(findings.filter((finding) => !(finding.ratio >= SWATCH_RING_CONTRAST))).toEqual([]);
  });

  it('keeps a colour that already stands out as its own ring, and changes only the ones that do not', () => {
    render(<ColorChooser colors={['Black', 'Chalk']} value="Black" onChange={() => {}} />);
    const ring = (name: string, theme: string) =>
      screen
        .getByRole('radio', { name })
        .parentElement!.querySelector<HTMLElement>('.swatch-fill')!
        .style.getPropertyValue(`--swatch-ring-${theme}`);
    expect(ring('Black', 'light')).toBe(swatchFor('Black').toLowerCase());
    expect(ring('Black', 'dark')).not.toBe(swatchFor('Black').toLowerCase());
    expect(ring('Chalk', 'dark')).toBe(swatchFor('Chalk').toLowerCase());
    expect(ring('Chalk', 'light')).not.toBe(swatchFor('Chalk').toLowerCase());
  });
});
