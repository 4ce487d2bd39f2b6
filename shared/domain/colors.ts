/**
 * Colour names used by the catalogue, mapped to the hex values the storefront paints its
 * swatches with. The same values are used for the product illustrations, so a swatch and the
 * garment it selects always match. Names are matched case-insensitively; an unknown name gets
 * a quiet neutral so a new colour never breaks a page.
 */
export const COLOR_SWATCHES: Record<string, string> = {
  Chalk: '#EEEAE2',
  Ecru: '#E6DDCB',
  Sand: '#D3C3A6',
  Stone: '#B8B1A4',
  Camel: '#B88D5E',
  Cognac: '#8B4C2B',
  Olive: '#5F6448',
  'Pale Blue': '#BCCCDD',
  Indigo: '#2D3B5C',
  Navy: '#1F2B40',
  Charcoal: '#3C3E42',
  Black: '#1F1F20',
};

/** Swatch shown for a colour the map does not know. */
export const FALLBACK_SWATCH = '#C8C3BA';

const byLowerName = new Map(Object.entries(COLOR_SWATCHES).map(([name, hex]) => [name.toLowerCase(), hex]));

/** The hex swatch for a colour name, e.g. "Camel" → "#B88D5E"; a neutral grey if unknown. */
export function swatchFor(name: string): string {
  return byLowerName.get(name.trim().toLowerCase()) ?? FALLBACK_SWATCH;
}

/** WCAG 2.x relative luminance of a `#rrggbb` colour, from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** A swatch's outline against the page: WCAG 1.4.11's minimum for what identifies a control. */
export const SWATCH_RING_CONTRAST = 3;

/**
 * The ring drawn around a swatch so it stands out from every one of `grounds` (the page colours
 * of one theme) by at least 3:1. A swatch that already does keeps its own colour as its ring;
 * one too close to the page (Black on a dark page, Chalk on a light one) gets its colour darkened
 * or lightened, whichever needs less, just far enough: the ring stays recognisably that colour.
 */
export function swatchRing(fill: string, grounds: readonly string[]): string {
  const reaches = (hex: string) => grounds.every((ground) => contrastRatio(hex, ground) >= SWATCH_RING_CONTRAST);
  const start = toHex(rgbOf(fill));
  if (reaches(start)) return start;
  for (let step = 1; step <= RING_STEPS; step += 1) {
    const share = step / RING_STEPS;
    for (const target of [BLACK, WHITE]) {
      const candidate = toHex(mix(rgbOf(fill), target, share));
      if (reaches(candidate)) return candidate;
    }
  }
  // Only grounds both light and dark at once could get here: then the stronger extreme for the first.
  return relativeLuminance(grounds[0] ?? '#ffffff') > 0.18 ? '#000000' : '#ffffff';
}

/** How finely swatchRing moves a colour towards black or white: 1 % at a time. */
const RING_STEPS = 100;
const BLACK = [0, 0, 0] as const;
const WHITE = [255, 255, 255] as const;

function rgbOf(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a #rrggbb colour: "${hex}"`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

function mix(from: readonly number[], to: readonly number[], share: number): number[] {
  return from.map((channel, i) => Math.round(channel + (to[i]! - channel) * share));
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
