import { searchableTexts, type ProductTextSource } from './product-texts';

/**
 * Catalogue search for a boutique-sized catalogue: every word of the query must appear in one of
 * the product's texts, in English or German, whichever language the page is in ("Hose" and
 * "trousers" find the same trousers). Name matches rank above category and colour matches, which
 * rank above description matches.
 */

/**
 * Text reduced to what a shopper means by it: lowercase, no accents ("Crème" is "creme"), "ß" as
 * "ss", and German umlauts the same however they are typed: "Grösse", "Groesse" and "Grosse" are
 * all "grosse". Both the query and the product texts go through it, so folding "ue" to "u" in
 * English words too ("blue" is "blu") changes nothing a search can see.
 */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/([aou])e/g, '$1');
}

function words(query: string): string[] {
  return normaliseForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const joined = (texts: readonly string[]) => normaliseForSearch(texts.join('\n'));

export function searchProducts<T extends ProductTextSource>(products: readonly T[], query: string): T[] {
  const terms = words(query);
  if (terms.length === 0) return [...products];
  const scored: { product: T; score: number; index: number }[] = [];
  products.forEach((product, index) => {
    const texts = searchableTexts(product);
    const name = joined(texts.names);
    const facets = joined(texts.facets);
    const description = joined(texts.descriptions);
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
