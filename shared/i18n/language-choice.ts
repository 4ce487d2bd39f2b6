/**
 * How a visitor's language travels to the hosts that pick a page's language before any script
 * runs (the prerendered storefront pages and the shell of the others carry it in `<html lang>`):
 * the web app's language switch writes the `lang` cookie, and a `?lang=` in the address
 * overrides it for that page. The hosts read both; the web app reads them to agree with them.
 */

/** The cookie the language switch writes (`lang=en|de`, path /, a year, SameSite=Lax). */
export const LANGUAGE_COOKIE = 'lang';

/** The query parameter that asks for a page in a language (`?lang=de`), whatever the cookie says. */
export const LANGUAGE_QUERY_PARAMETER = 'lang';

/** How long the cookie keeps a choice: a year, renewed by every choice. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that keeps `language`, as `document.cookie` takes it (and a Set-Cookie header would):
 * the whole site, a year, sent on top-level navigation from elsewhere (SameSite=Lax, so a
 * visitor arriving by a link gets a page in their language), and only over HTTPS where the site
 * is served over it.
 */
export function languageCookie(language: string, { secure }: { secure: boolean }): string {
  const attributes = [`Path=/`, `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`, 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${LANGUAGE_COOKIE}=${encodeURIComponent(language)}`, ...attributes].join('; ');
}

/**
 * The value of cookie `name` in a Cookie header (or `document.cookie`): "a=1; lang=de" → "de".
 * Undefined when absent; the first wins if it is there twice (as browsers send the most specific path first).
 */
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
