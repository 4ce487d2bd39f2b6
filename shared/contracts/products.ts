import * as z from './zod-mini';
import { locale, rappen } from './common';

/**
 * The language the catalogue answers in: `?lang=de` on GET /products, /products/{id} and
 * /wishlist. A query parameter rather than Accept-Language on purpose: it is part of the URL, so
 * CloudFront and browsers cache each language apart without a Vary header, and a link or a log
 * line says which language was asked for. Without it the answer is English.
 */
export const catalogueLanguageQuery = z.strictObject({ lang: z._default(locale, 'en') });
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
  stockQuantity: z.int().check(z.nonnegative()),
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
  sortOrder: z.int(),
  createdAt: z.string(),
});
export type ProductDto = z.infer<typeof productDto>;

export const listProductsQuery = z.extend(catalogueLanguageQuery, {
  category: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(60),
        z.regex(/^[a-z0-9-]+$/, 'a category id: lowercase letters, digits and hyphens'),
      ),
  ),
  /** Free-text search over names, categories, colours and descriptions, in every language. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type ListProductsQuery = z.input<typeof listProductsQuery>;

export const listProductsResponse = z.object({ items: z.array(productDto) });
export type ListProductsResponse = z.infer<typeof listProductsResponse>;

export const productPathParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((text: string | undefined) => (text ? text : undefined)),
  );

/** Product texts beyond English: each field optional, English shown where one is missing. */
export const productTranslation = z.strictObject({
  name: optionalText(120),
  description: optionalText(2000),
  /** Colour key (English name) → its name in this language. */
  colors: z.optional(
    z.record(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), z.string().check(z.trim(), z.maxLength(40))),
  ),
});

/**
 * A product as the owner writes it: English texts required, German optional. The admin product
 * form (create and edit) sends this shape; the seed catalogue is checked against it.
 */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

const productFields = {
  name: requiredText(120),
  description: requiredText(2000),
  /** Whole Rappen, VAT included. */
  price: rappen.check(z.gte(1), z.lte(10_000_000)),
  category: requiredText(60),
  stockQuantity: z.int().check(z.nonnegative(), z.lte(100_000)),
  featured: z.boolean(),
  sizes: z.array(requiredText(20)).check(z.maxLength(20)),
  /** Colour keys: the English names. */
  colors: z.array(requiredText(40)).check(z.maxLength(20)),
  images: z.array(requiredText(500)).check(z.maxLength(12)),
  translations: z.strictObject({ de: z.optional(productTranslation) }),
};

/** Every colour a translation names must be one of the product's own. */
function checkTranslatedColours(
  product: { colors?: string[]; translations?: { de?: { colors?: Record<string, string> } } },
  ctx: z.core.$RefinementCtx,
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
  .strictObject({
    ...productFields,
    stockQuantity: z._default(productFields.stockQuantity, 0),
    featured: z._default(productFields.featured, false),
    /** In the storefront; a new product is unless the admin says otherwise. */
    active: z._default(z.boolean(), true),
    translations: z._default(productFields.translations, {}),
  })
  .check(z.superRefine(checkTranslatedColours));
export type ProductInput = z.input<typeof productInput>;

/**
 * PATCH /admin/products/{id}: any of the fields (the whole form, or only `active` from the
 * Activate switch). A field left out is left as it is: no defaults here. Colours and their
 * translations are checked together when both are sent.
 */
const updateProductFields = z.strictObject({
  name: z.optional(productFields.name),
  description: z.optional(productFields.description),
  price: z.optional(productFields.price),
  category: z.optional(productFields.category),
  stockQuantity: z.optional(productFields.stockQuantity),
  featured: z.optional(productFields.featured),
  active: z.optional(z.boolean()),
  sizes: z.optional(productFields.sizes),
  colors: z.optional(productFields.colors),
  images: z.optional(productFields.images),
  translations: z.optional(productFields.translations),
});
export const updateProductRequest = updateProductFields.check(
  z.superRefine((body: z.infer<typeof updateProductFields>, ctx) => {
    if (Object.values(body).every((value) => value === undefined))
      ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
    if (body.translations && body.colors) checkTranslatedColours(body, ctx);
  }),
);
export type UpdateProductRequest = z.infer<typeof updateProductRequest>;
export type UpdateProductInput = z.input<typeof updateProductRequest>;

/** POST /admin/products/{id}/move: one place up or down the display order (spec §4). */
export const moveProductRequest = z.strictObject({ direction: z.enum(['up', 'down']) });
export type MoveProductRequest = z.infer<typeof moveProductRequest>;

/** A product as the admin edits it: every field, English and German texts apart, and its flags. */
export const adminProductDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: rappen,
  category: z.string(),
  stockQuantity: z.int(),
  inStock: z.boolean(),
  featured: z.boolean(),
  active: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  images: z.array(z.string()),
  sortOrder: z.int(),
  createdAt: z.string(),
  translations: z.optional(
    z.object({
      de: z.optional(
        z.object({
          name: z.optional(z.string()),
          description: z.optional(z.string()),
          colors: z.optional(z.record(z.string(), z.string())),
        }),
      ),
    }),
  ),
  stripeProductId: z.optional(z.string()),
});
export type AdminProductDto = z.infer<typeof adminProductDto>;

export const adminProductListResponse = z.object({ items: z.array(adminProductDto) });
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>;
