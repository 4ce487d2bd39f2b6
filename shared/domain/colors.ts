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
