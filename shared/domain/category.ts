/** The spec's rule: the category id is the lowercased category with spaces turned into hyphens. */
export function categoryId(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Distinct category ids in first-seen order, for the storefront's filter buttons. */
export function distinctCategories(products: ReadonlyArray<{ category: string }>): string[] {
  return [...new Set(products.map((p) => categoryId(p.category)))];
}
