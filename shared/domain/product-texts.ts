import { categoryName } from './category';
import type { Locale } from './money';
import { sizeLabel } from './sizes';

/**
 * A product's texts in one language beside English. Every field is optional: whatever is missing
 * is shown in English, so a product can be listed before its translation is written.
 * `colors` maps a colour's key (its English name, which also picks its swatch and images) to the
 * colour's name in this language.
 */
export interface ProductTranslation {
  name?: string;
  description?: string;
  colors?: Readonly<Record<string, string>>;
}

/** The catalogue is written in English; these languages may be added per product. */
export const TRANSLATED_LOCALES = ['de'] as const satisfies readonly Exclude<Locale, 'en'>[];
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

export type ProductTranslations = Partial<Record<TranslatedLocale, ProductTranslation>>;

/** What a product says about itself: English texts (required) and their translations. */
export interface ProductTextSource {
  name: string;
  description: string;
  category: string;
  /** Colour keys: the English colour names. */
  colors: readonly string[];
  sizes: readonly string[];
  translations?: ProductTranslations;
}

/** A product's texts in one language, each with the language it is actually written in. */
export interface LocalisedProductTexts {
  name: string;
  description: string;
  category: string;
  /** Colour key → the colour's name in this language (English where no translation exists). */
  colorNames: Record<string, string>;
  /** Size key → label, e.g. "One Size" → "Einheitsgrösse". */
  sizeLabels: Record<string, string>;
  /** The language each long text is in, so a page can mark English text on a German page. */
  textLanguage: { name: Locale; description: Locale };
}

function translationOf(product: ProductTextSource, locale: Locale): ProductTranslation {
  return locale === 'en' ? {} : (product.translations?.[locale] ?? {});
}

const present = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** The texts of `product` in `locale`, field by field falling back to English. */
export function localiseProduct(product: ProductTextSource, locale: Locale): LocalisedProductTexts {
  const translation = translationOf(product, locale);
  const name = present(translation.name) ? translation.name : undefined;
  const description = present(translation.description) ? translation.description : undefined;
  return {
    name: name ?? product.name,
    description: description ?? product.description,
    category: categoryName(product.category, locale),
    colorNames: Object.fromEntries(product.colors.map((key) => [key, colorName(product, key, locale)])),
    sizeLabels: Object.fromEntries(product.sizes.map((size) => [size, sizeLabel(size, locale)])),
    textLanguage: { name: name ? locale : 'en', description: description ? locale : 'en' },
  };
}

/** One colour's name in `locale`; the key itself (English) where no translation exists. */
export function colorName(product: Pick<ProductTextSource, 'translations'>, key: string, locale: Locale): string {
  if (locale === 'en') return key;
  const translated = product.translations?.[locale]?.colors?.[key];
  return present(translated) ? translated : key;
}

/**
 * Every text a shopper might search a product by, in every language it has, grouped by how
 * strongly a match there speaks for the product (name, then category and colours, then
 * description).
 */
export function searchableTexts(product: ProductTextSource): {
  names: string[];
  facets: string[];
  descriptions: string[];
} {
  const translations = TRANSLATED_LOCALES.map((locale) => product.translations?.[locale] ?? {});
  return {
    names: [product.name, ...translations.map((t) => t.name ?? '')],
    facets: [
      categoryName(product.category, 'en'),
      ...TRANSLATED_LOCALES.map((locale) => categoryName(product.category, locale)),
      ...product.colors,
      ...translations.flatMap((t) => Object.values(t.colors ?? {})),
      // Word-like size labels only ("One Size", "Einheitsgrösse"): a lone "S" would match anything.
      ...product.sizes
        .flatMap((size) => (['en', ...TRANSLATED_LOCALES] as const).map((locale) => sizeLabel(size, locale)))
        .filter((label) => label.length > 3),
    ],
    descriptions: [product.description, ...translations.map((t) => t.description ?? '')],
  };
}
