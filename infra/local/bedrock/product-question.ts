import type { SearchProductsInput } from '../../../shared/contracts/chat';
import { priceLimitIn } from './measurements';
import { spansOf, tokenise, type Span } from './word-match';
import {
  CATEGORY_WORDS,
  COLOURS,
  GARMENTS,
  GERMAN_SEARCH,
  INTENT_WORDS,
  MATERIALS,
  STOPWORDS,
  type CategoryId,
  type Words,
} from './word-tables';

interface ProductQuestion {
  readonly search: SearchProductsInput;
  /** A garment, colour, material, category or price: the question is about products. */
  readonly specific: boolean;
  /** Looking for / do you have / show me ..., or anything specific. */
  readonly product: boolean;
  /** The categories its garment words belong to. */
  readonly garmentCategories: ReadonlySet<CategoryId>;
}

/** The `search_products` input a question asks for, and whether it is a product question at all. */
export function productQuestion(text: string): ProductQuestion {
  const tokens = tokenise(text);
  const consumed = new Set<number>();
  const free = ([start, end]: Span) => {
    for (let i = start; i < end; i += 1) if (consumed.has(i)) return false;
    return true;
  };
  const take = ([start, end]: Span) => {
    for (let i = start; i < end; i += 1) consumed.add(i);
  };
  const words: Array<{ at: number; word: string }> = [];

  let category: CategoryId | undefined;
  for (const [id, names] of Object.entries(CATEGORY_WORDS) as Array<[CategoryId, Words]>) {
    for (const span of spansOf(tokens, names).filter(free)) {
      category ??= id;
      take(span);
    }
  }
  let color: string | undefined;
  for (const row of COLOURS) {
    for (const span of spansOf(tokens, row).filter(free)) {
      color ??= row.color;
      take(span);
    }
  }
  const garmentCategories = new Set<CategoryId>();
  for (const row of GARMENTS) {
    for (const [language, search] of [
      ['en', row.search],
      ['de', GERMAN_SEARCH[row.search] ?? row.search],
    ] as const) {
      for (const span of spansOf(tokens, row[language]).filter(free)) {
        take(span);
        garmentCategories.add(row.category);
        if (!words.some((w) => w.word === search)) words.push({ at: span[0], word: search });
      }
    }
  }
  const material = spansOf(tokens, MATERIALS).length > 0;
  const trigger = spansOf(tokens, INTENT_WORDS.products);
  // The words of asking are not what is asked for.
  for (const span of [
    ...trigger,
    ...spansOf(tokens, INTENT_WORDS.details),
    ...spansOf(tokens, INTENT_WORDS.size),
    ...spansOf(tokens, INTENT_WORDS.greeting),
    ...spansOf(tokens, INTENT_WORDS.thanks),
  ]) {
    take(span);
  }
  tokens.forEach((token, at) => {
    if (consumed.has(at) || STOPWORDS.has(token) || /^\d/.test(token) || token.length < 2) return;
    if (!words.some((w) => w.word === token)) words.push({ at, word: token });
  });
  const query = words
    .sort((a, b) => a.at - b.at)
    .map((w) => w.word)
    .join(' ')
    .slice(0, 100)
    .trim();

  const maxPriceChf = priceLimitIn(text);
  const implied = garmentCategories.size === 1 ? [...garmentCategories][0] : undefined;
  const search: SearchProductsInput = {
    ...(query ? { query } : {}),
    ...((category ?? implied) ? { category: category ?? implied } : {}),
    ...(color ? { color } : {}),
    ...(maxPriceChf !== undefined ? { maxPriceChf } : {}),
  };
  // Other words alone ("the meaning of life") do not make a product question; with one of these they narrow it.
  const specific = Boolean(garmentCategories.size || category || color || maxPriceChf !== undefined || material);
  return { search, specific, product: specific || trigger.length > 0, garmentCategories };
}
