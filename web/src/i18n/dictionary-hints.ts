/**
 * Which files hold each language's texts, as the build writes them into index.html for the page
 * renderer: `<meta name="linea:dictionary-de" content="/assets/de-abc.js">` (the chunk, and any
 * chunk it imports beyond the entry's, separated by spaces). The browser loads its page's
 * language with a dynamic import (i18n.ts), which it could only start once the entry has run; a
 * page rendered in one language preloads that language's files instead (withDictionaryPreload),
 * so they arrive with the entry. Pure string work: the renderer and the build's Node code use it.
 */
import type { Locale } from '@linea/shared/domain/money';

const HINT_PREFIX = 'linea:dictionary-';
// A hint's line: its indentation, the element and the line's end, so a page loses no more than it.
const HINT = /([^\S\n]*)<meta\s+name="linea:dictionary-([a-z]+)"\s+content="([^"]*)"\s*\/?>(\n?)/g;

/** The hint's name for `locale`, as the build writes it (web/vite.config.ts). */
export const dictionaryHintName = (locale: Locale): string => `${HINT_PREFIX}${locale}`;

/** The files of each language's texts that `html` names, as URLs, by language. */
export function readDictionaryHints(html: string): Map<string, string[]> {
  const hints = new Map<string, string[]>();
  for (const [, , locale = '', content = ''] of html.matchAll(HINT)) {
    hints.set(locale, content.split(/\s+/).filter(Boolean));
  }
  return hints;
}

/**
 * The page in `locale`: its language's files preloaded where the hints stood (as Vite preloads
 * the entry's, with `crossorigin`, so the import finds them), and the hints taken out. A
 * template without hints (a development server's) is returned as it is.
 */
export function withDictionaryPreload(html: string, locale: Locale): string {
  const files = readDictionaryHints(html).get(locale) ?? [];
  let placed = false;
  return html.replace(HINT, (_hint, indent: string, hinted: string, _content: string, end: string) => {
    if (hinted !== locale || placed || files.length === 0) return '';
    placed = true;
    return `${files.map((href) => `${indent}<link rel="modulepreload" crossorigin href="${href}">`).join('\n')}${end}`;
  });
}
