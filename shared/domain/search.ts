/**
 * Catalogue search for a boutique-sized catalogue: every word of the query must appear in the
 * product's name, category, colours or description, ignoring case and accents ("Mantel" finds
 * "mantel", "creme" finds "Crème"). Name matches rank above description matches.
 */
export interface Searchable {
  name: string;
  category: string;
  description: string;
  colors: readonly string[];
}

export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function words(query: string): string[] {
  return normaliseForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function searchProducts<T extends Searchable>(products: readonly T[], query: string): T[] {
  const terms = words(query);
  if (terms.length === 0) return [...products];
  const scored: { product: T; score: number; index: number }[] = [];
  products.forEach((product, index) => {
    const name = normaliseForSearch(product.name);
    const facets = normaliseForSearch(`${product.category} ${product.colors.join(' ')}`);
    const description = normaliseForSearch(product.description);
    let score = 0;
    for (const term of terms) {
      if (name.includes(term)) score += 3;
      else if (facets.includes(term)) score += 2;
      else if (description.includes(term)) score += 1;
      else return;
    }
    scored.push({ product, score, index });
  });
  // Stable: equal scores keep the catalogue's own order.
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.product);
}
