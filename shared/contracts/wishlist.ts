import * as z from './zod-mini';
import { productDto } from './products';

export const wishlistResponse = z.object({
  /** The saved products that still exist, most recently saved first. */
  items: z.array(productDto),
});
export type WishlistResponse = z.infer<typeof wishlistResponse>;

export const wishlistPathParams = z.strictObject({ productId: z.string().check(z.minLength(1), z.maxLength(100)) });
