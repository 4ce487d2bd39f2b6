/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@linea/shared/domain/colors';

// Read from disk: Vitest does not process CSS, so a `?raw` import would arrive empty.
const tokens = readFileSync(`${import.meta.dirname}/tokens.css`, 'utf8');

/** The `--color-*: #rrggbb` declarations of one rule block, by its selector. */
function palette(selector: string): Record<string, string> {
  const start = tokens.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in tokens.css`);
  const block = tokens.slice(start, tokens.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]));
}

// The one WCAG implementation, shared with the colour swatches' rings.
const contrast = contrastRatio;

const light = palette(':root');
const dark = { ...light, ...palette(':root.dark') };
const GROUNDS = ['bg', 'surface', 'subtle'];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s palette', (_name, colors) => {
  it.each(['text', 'muted', 'error', 'success'])('keeps %s at AA (4.5:1) on every ground', (text) => {
    for (const ground of GROUNDS) {
      expect(contrast(colors[text]!, colors[ground]!), `${text} on ${ground}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps control outlines and the focus ring at 3:1 (WCAG 1.4.11)', () => {
    for (const ground of GROUNDS) {
      expect(contrast(colors['border-strong']!, colors[ground]!), `border-strong on ${ground}`).toBeGreaterThanOrEqual(
        3,
      );
      expect(contrast(colors.focus!, colors[ground]!), `focus on ${ground}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps text on the accent (buttons, toasts) at AA', () => {
    expect(contrast(colors['on-accent']!, colors.accent!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors['on-accent']!, colors['accent-hover']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors['on-accent-muted']!, colors.accent!)).toBeGreaterThanOrEqual(4.5);
  });
});
