import { hasHeaderUnsafeCharacters } from '../domain/header-text';
import * as z from './zod-mini';

/** Whole Rappen, never negative: the only money type on the wire. */
export const rappen = z.int().check(z.nonnegative());

export const email = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
  z.transform((value: string) => value.toLowerCase()),
);

export const locale = z.enum(['en', 'de']);

export const HEADER_UNSAFE_MESSAGE = 'Line breaks and control characters are not allowed';

/**
 * The check for one-line text that may reach an email header (see domain/header-text). Placed
 * after `z.trim()`, so a break typed at either end is trimmed away, and only one inside refuses.
 */
export const headerSafe = () =>
  z.refine<string>((value) => !hasHeaderUnsafeCharacters(value), { message: HEADER_UNSAFE_MESSAGE });
