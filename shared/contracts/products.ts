import { z } from 'zod';
import { rappen } from './common';

export const productDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** VAT-inclusive unit price in Rappen. */
  price: rappen,
  category: z.string(),
  /** The spec's category id: lowercased, spaces to hyphens. */
  categoryId: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  inStock: z.boolean(),
  featured: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  /** Paths or URLs of the product art; the first is the cover. */
  images: z.array(z.string()),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type ProductDto = z.infer<typeof productDto>;

export const listProductsQuery = z
  .object({
    category: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]+$/, 'a category id: lowercase letters, digits and hyphens')
      .optional(),
    /** Free-text search over name, category, colours and description. */
    q: z.string().trim().max(100).optional(),
  })
  .strict();
export type ListProductsQuery = z.infer<typeof listProductsQuery>;

export const listProductsResponse = z.object({ items: z.array(productDto) });
export type ListProductsResponse = z.infer<typeof listProductsResponse>;

export const productPathParams = z.object({ id: z.string().min(1).max(100) }).strict();
