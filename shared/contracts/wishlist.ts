import { z } from 'zod';
import { productDto } from './products';

export const wishlistResponse = z.object({
  /** The saved products that still exist, most recently saved first. */
  items: z.array(productDto),
});
export type WishlistResponse = z.infer<typeof wishlistResponse>;

export const wishlistPathParams = z.object({ productId: z.string().min(1).max(100) }).strict();
