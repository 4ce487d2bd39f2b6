import type { Locale } from './money';

/** The spec's rule: the category id is the lowercased category with spaces turned into hyphens. */
export function categoryId(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Distinct category ids in first-seen order, for the storefront's filter buttons. From the id the
 * API sends, never from the name: that is translated ("Hosen" is still `bottoms`).
 */
export function distinctCategories(products: ReadonlyArray<{ categoryId: string }>): string[] {
  return [...new Set(products.map((p) => p.categoryId))];
}

/**
 * The shop's categories in each language. A name says only what the category holds: "bottoms"
 * sells trousers and jeans, so in German it is "Hosen", not "Hosen & Röcke".
 * The storefront's dictionaries take their category labels from here, so the API, the pages and
 * the emails cannot disagree.
 */
export const CATEGORY_NAMES = {
  basics: { en: 'Basics', de: 'Basics' },
  outerwear: { en: 'Outerwear', de: 'Oberbekleidung' },
  bottoms: { en: 'Bottoms', de: 'Hosen' },
  accessories: { en: 'Accessories', de: 'Accessoires' },
} as const satisfies Record<string, Record<Locale, string>>;

export type KnownCategoryId = keyof typeof CATEGORY_NAMES;

export function isKnownCategory(id: string): id is KnownCategoryId {
  return Object.hasOwn(CATEGORY_NAMES, id);
}

/** A category's name in `locale`: the shop's name for a known category, else the product's own. */
export function categoryName(category: string, locale: Locale): string {
  const id = categoryId(category);
  return isKnownCategory(id) ? CATEGORY_NAMES[id][locale] : category;
}

/** The category labels of one language, keyed by id, for the storefront's dictionaries. */
export function categoryLabels<L extends Locale>(locale: L): { [id in KnownCategoryId]: string } {
  return Object.fromEntries(Object.entries(CATEGORY_NAMES).map(([id, names]) => [id, names[locale]])) as {
    [id in KnownCategoryId]: string;
  };
}
