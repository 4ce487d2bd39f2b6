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
const productFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(2000),
  /** Whole Rappen, VAT included. */
  price: rappen.min(1).max(10_000_000),
  category: z.string().trim().min(1).max(60),
  stockQuantity: z.number().int().nonnegative().max(100_000),
  featured: z.boolean(),
  sizes: z.array(z.string().trim().min(1).max(20)).max(20),
  /** Colour keys: the English names. */
  colors: z.array(z.string().trim().min(1).max(40)).max(20),
  images: z.array(z.string().trim().min(1).max(500)).max(12),
  translations: z.object({ de: productTranslation.optional() }).strict(),
};

/** Every colour a translation names must be one of the product's own. */
function checkTranslatedColours(
  product: { colors?: string[]; translations?: { de?: { colors?: Record<string, string> } } },
  ctx: z.RefinementCtx,
) {
  if (!product.translations) return;
  const named = new Set(product.colors ?? []);
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
}

export const productInput = z
  .object({
    ...productFields,
    stockQuantity: productFields.stockQuantity.default(0),
    featured: productFields.featured.default(false),
    /** In the storefront; a new product is unless the admin says otherwise. */
    active: z.boolean().default(true),
    translations: productFields.translations.default({}),
  })
  .strict()
  .superRefine(checkTranslatedColours);
export type ProductInput = z.input<typeof productInput>;

/**
 * PATCH /admin/products/{id}: any of the fields (the whole form, or only `active` from the
 * Activate switch). A field left out is left as it is: no defaults here. Colours and their
 * translations are checked together when both are sent.
 */
export const updateProductRequest = z
  .object({
    name: productFields.name.optional(),
    description: productFields.description.optional(),
    price: productFields.price.optional(),
    category: productFields.category.optional(),
    stockQuantity: productFields.stockQuantity.optional(),
    featured: productFields.featured.optional(),
    active: z.boolean().optional(),
    sizes: productFields.sizes.optional(),
    colors: productFields.colors.optional(),
    images: productFields.images.optional(),
    translations: productFields.translations.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (Object.values(body).every((value) => value === undefined))
      ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
    if (body.translations && body.colors) checkTranslatedColours(body, ctx);
  });
export type UpdateProductRequest = z.infer<typeof updateProductRequest>;
export type UpdateProductInput = z.input<typeof updateProductRequest>;

/** POST /admin/products/{id}/move: one place up or down the display order (spec §4). */
export const moveProductRequest = z.object({ direction: z.enum(['up', 'down']) }).strict();
export type MoveProductRequest = z.infer<typeof moveProductRequest>;

/** A product as the admin edits it: every field, English and German texts apart, and its flags. */
export const adminProductDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: rappen,
  category: z.string(),
  stockQuantity: z.number().int(),
  inStock: z.boolean(),
  featured: z.boolean(),
  active: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  images: z.array(z.string()),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  translations: z
    .object({
      de: z
        .object({
          name: z.string().optional(),
          description: z.string().optional(),
          colors: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
  stripeProductId: z.string().optional(),
});
export type AdminProductDto = z.infer<typeof adminProductDto>;

export const adminProductListResponse = z.object({ items: z.array(adminProductDto) });
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>;
