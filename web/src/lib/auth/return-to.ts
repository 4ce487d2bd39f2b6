import { paths } from '../../config/paths';

/** The query parameter of /auth that names where to go after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/** /auth with a way back to `returnTo`, e.g. for a "Sign in" action on the wishlist. */
export function signInHref(returnTo: string): string {
  return `${paths.auth.getHref()}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}`;
}

// Never resolved against anything real: only tells whether a path would leave the site.
const PROBE_ORIGIN = 'https://linea.invalid';

/**
 * Where to go after signing in: the path whoever sent the shopper to /auth asked for, when it
 * stays on this site, else `fallback`. Taken only as a path starting with exactly one "/":
 * "//host", "/\host" (browsers read "\" as "/"), "https://host" and anything with control
 * characters (which URL parsing drops) could lead elsewhere, and /auth itself would loop.
 */
export function safeReturnTo(candidate: unknown, fallback: string = paths.dashboard.getHref()): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === paths.auth.path) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
