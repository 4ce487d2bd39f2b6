import * as z from './zod-mini';

/** Whole Rappen, never negative: the only money type on the wire. */
export const rappen = z.int().check(z.nonnegative());

export const email = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
  z.transform((value: string) => value.toLowerCase()),
);

export const locale = z.enum(['en', 'de']);

/**
 * C0 and C1 control characters (CR, LF and tab among them, and DEL) and the Unicode line and
 * paragraph separators. Text that reaches an email header (a subject, a name, an address) must
 * hold none: a line break there starts a header of the sender's choosing (header injection), and
 * some mail programs break lines at U+2028/2029 too.
 */
export const HEADER_UNSAFE_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

export const hasHeaderUnsafeCharacters = (value: string): boolean => HEADER_UNSAFE_CHARACTERS.test(value);

export const HEADER_UNSAFE_MESSAGE = 'Line breaks and control characters are not allowed';

/** The check for a one-line text that may reach an email header; runs after trimming, so only characters inside count. */
export const headerSafe = () =>
  z.refine<string>((value) => !hasHeaderUnsafeCharacters(value), { message: HEADER_UNSAFE_MESSAGE });
