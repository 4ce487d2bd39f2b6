import { z } from 'zod';
import { locale, rappen } from './common';

/**
 * The language the catalogue answers in: `?lang=de` on GET /products, /products/{id} and
 * /wishlist. A query parameter rather than Accept-Language on purpose: it is part of the URL, so
 * CloudFront and browsers cache each language apart without a Vary header, and a link or a log
 * line says which language was asked for. Without it the answer is English.
 */
export const catalogueLanguageQuery = z.object({ lang: locale.default('en') }).strict();
export type CatalogueLanguageQuery = z.input<typeof catalogueLanguageQuery>;

/** A product as the storefront shows it, with its texts in the language asked for. */
export const productDto = z.object({
  id: z.string(),
  /** In the language asked for, English where the product has no translation (see textLanguage). */
  name: z.string(),
  description: z.string(),
  /** The language name and description are actually in, for `lang` attributes on the page. */
  textLanguage: z.object({ name: locale, description: locale }),
  /** VAT-inclusive unit price in Rappen. */
  price: rappen,
  /** The category's name in the language asked for. */
  category: z.string(),
  /** The spec's category id: lowercased English name, spaces to hyphens. Never translated. */
  categoryId: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  inStock: z.boolean(),
  featured: z.boolean(),
  /** Size keys ("M", "One Size"): what a cart line and an order store. */
  sizes: z.array(z.string()),
  /** Size key → label in the language asked for ("One Size" → "Einheitsgrösse"). */
  sizeLabels: z.record(z.string(), z.string()),
  /** Colour keys (the English names): what picks the swatch and the images, and what a line stores. */
  colors: z.array(z.string()),
  /** Colour key → name in the language asked for ("Black" → "Schwarz"). */
  colorNames: z.record(z.string(), z.string()),
  /** Paths or URLs of the product art; the first is the cover. */
  images: z.array(z.string()),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type ProductDto = z.infer<typeof productDto>;

export const listProductsQuery = catalogueLanguageQuery
  .extend({
    category: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]+$/, 'a category id: lowercase letters, digits and hyphens')
      .optional(),
    /** Free-text search over names, categories, colours and descriptions, in every language. */
    q: z.string().trim().max(100).optional(),
  })
  .strict();
export type ListProductsQuery = z.input<typeof listProductsQuery>;

export const listProductsResponse = z.object({ items: z.array(productDto) });
export type ListProductsResponse = z.infer<typeof listProductsResponse>;

export const productPathParams = z.object({ id: z.string().min(1).max(100) }).strict();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((text) => (text ? text : undefined));

/** Product texts beyond English: each field optional, English shown where one is missing. */
export const productTranslation = z
  .object({
    name: optionalText(120),
    description: optionalText(2000),
    /** Colour key (English name) → its name in this language. */
    colors: z.record(z.string().trim().min(1).max(40), z.string().trim().max(40)).optional(),
  })
  .strict();

/**
 * A product as the owner writes it: English texts required, German optional. The admin product
 * form (create and edit) sends this shape; the seed catalogue is checked against it.
 */
export const productInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().min(1).max(2000),
    /** Whole Rappen, VAT included. */
    price: rappen.min(1),
    category: z.string().trim().min(1).max(60),
    stockQuantity: z.number().int().nonnegative().max(100_000).default(0),
    featured: z.boolean().default(false),
    sizes: z.array(z.string().trim().min(1).max(20)).max(20),
    /** Colour keys: the English names. */
    colors: z.array(z.string().trim().min(1).max(40)).max(20),
    images: z.array(z.string().trim().min(1).max(500)).max(12),
    translations: z.object({ de: productTranslation.optional() }).strict().default({}),
  })
  .strict()
  .superRefine((product, ctx) => {
    const named = new Set(product.colors);
    for (const [locale, translation] of Object.entries(product.translations)) {
      for (const key of Object.keys(translation?.colors ?? {})) {
        if (!named.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['translations', locale, 'colors', key],
            message: `"${key}" is not one of the product's colours`,
          });
        }
      }
    }
  });
export type ProductInput = z.input<typeof productInput>;
