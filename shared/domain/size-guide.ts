/**
 * The size guide (spec §9). Measurements are body measurements in inches, as the spec gives
 * them, with centimetres alongside for a Swiss shop (1 in = 2.54 cm, rounded to the cm).
 */
export const GUIDE_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type GuideSize = (typeof GUIDE_SIZES)[number];

export interface SizeRange {
  size: GuideSize;
  /** [from, to] in inches. */
  inches: readonly [number, number];
}

export const TOPS_CHEST: readonly SizeRange[] = [
  { size: 'XS', inches: [34, 36] },
  { size: 'S', inches: [36, 38] },
  { size: 'M', inches: [38, 40] },
  { size: 'L', inches: [40, 42] },
  { size: 'XL', inches: [42, 44] },
];

export const BOTTOMS_WAIST: readonly SizeRange[] = [
  { size: 'XS', inches: [26, 28] },
  { size: 'S', inches: [28, 30] },
  { size: 'M', inches: [30, 32] },
  { size: 'L', inches: [32, 34] },
  { size: 'XL', inches: [34, 36] },
];

export const inchesToCm = (inches: number): number => Math.round(inches * 2.54);

/** "34–36" in inches or "86–91" in cm. */
export function formatRange([from, to]: readonly [number, number], unit: 'in' | 'cm'): string {
  const convert = unit === 'cm' ? inchesToCm : (n: number) => n;
  return `${convert(from)}–${convert(to)}`;
}

/** Which table applies to a product category; accessories have none. */
export function sizeTableFor(categoryId: string): 'tops' | 'bottoms' | undefined {
  if (categoryId === 'bottoms') return 'bottoms';
  if (categoryId === 'accessories') return undefined;
  return 'tops';
}
