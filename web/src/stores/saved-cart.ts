import * as z from '../lib/zod-mini';

/**
 * What a saved cart must look like to be taken back (cart-store.ts), in a chunk of its own: the
 * store reads the saved cart as the app starts, and zod stays off the start-up path.
 */
const storedLine = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  size: z.string(),
  color: z.string(),
  sizeLabel: z.optional(z.string()),
  colorName: z.optional(z.string()),
  locale: z.optional(z.enum(['en', 'de'])),
  image: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
});

export const storedCart = z.object({ lines: z.array(storedLine) });
