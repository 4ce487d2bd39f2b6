import * as z from './zod-mini';

/** Whole Rappen, never negative: the only money type on the wire. */
export const rappen = z.int().check(z.nonnegative());

export const email = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
  z.transform((value: string) => value.toLowerCase()),
);

export const locale = z.enum(['en', 'de']);
