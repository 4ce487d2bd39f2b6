import { z } from 'zod';

/** Whole Rappen, never negative: the only money type on the wire. */
export const rappen = z.number().int().nonnegative();

export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

export const locale = z.enum(['en', 'de']);
