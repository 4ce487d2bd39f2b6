/** Object ids as Stripe makes them (a prefix and random characters), and ids read from a path. */
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(prefix: string, length: number, alphabet = ALPHANUMERIC): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += alphabet.charAt(byte % alphabet.length);
  return id;
}

/** A path segment as an id; a malformed escape stays as it is (and then matches nothing). */
export function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
