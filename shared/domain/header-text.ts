/**
 * C0 and C1 control characters (CR, LF and tab among them, and DEL) and the Unicode line and
 * paragraph separators. Text that reaches an email header (a subject, a name, an address) must
 * hold none: a line break there starts a header of the sender's choosing (header injection), and
 * some mail programs break lines at U+2028/2029 too.
 *
 * Apart from the contracts (no zod here), so the email layer can check without bundling zod.
 */
export const HEADER_UNSAFE_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

export const hasHeaderUnsafeCharacters = (value: string): boolean => HEADER_UNSAFE_CHARACTERS.test(value);
