/**
 * A page's head (title, meta, canonical, alternates, JSON-LD) resolved from its meta: the same
 * in the browser, where usePageMeta writes it into the document, and on the server, where the
 * renderer collects it (server-page.ts).
 */
import type { TFunction } from 'i18next';
import { LOCALES } from '@linea/shared/i18n/locales';

export interface PageMeta {
  /** The page's own name; the document title becomes "<title> · LINEA". */
  title?: string;
  /** One or two sentences for search results and link previews. */
  description?: string;
  /** An image path or URL for link previews; made absolute against the site. */
  image?: string;
  /** Open Graph type. @default 'website' */
  type?: 'website' | 'product';
  /** Structured data (schema.org) for this page, e.g. a Product. */
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search results (checkout, order pages). @default false */
  noindex?: boolean;
}

/** A `<meta>` of the page's head: `name="…"` or `property="…"`, and its content (absent: none). */
export interface HeadMeta {
  attribute: 'name' | 'property';
  key: string;
  content: string | undefined;
}

/** Everything usePageMeta puts into <head>, resolved: the same in the browser and on the server. */
export interface PageHead {
  title: string;
  metas: HeadMeta[];
  canonical: string;
  /**
   * The page in each language (`?lang=`, which the host's page routing honours first) and
   * `x-default` (the host picks by the visitor's cookie or Accept-Language); none for a page kept
   * out of search results.
   */
  alternates: { hreflang: string; href: string }[];
  jsonLd: Record<string, unknown> | undefined;
}

/** The URL with its `lang` parameter set to `locale`, or taken off (undefined). */
function inLanguage(where: { origin: string; pathname: string; search: string }, locale?: string): string {
  const params = new URLSearchParams(where.search);
  params.delete('lang');
  if (locale) params.set('lang', locale);
  const query = params.toString();
  return `${where.origin}${where.pathname}${query ? `?${query}` : ''}`;
}

/** Resolves a page's meta against where it is shown (`origin`, `pathname`, `search`). */
export function pageHead(
  meta: PageMeta,
  t: TFunction,
  where: { origin: string; pathname: string; search: string },
): PageHead {
  const title = meta.title ? t('common.pageTitle', { page: meta.title }) : t('brand.name');
  const description = meta.description ?? t('brand.tagline');
  const { image, type = 'website', noindex = false } = meta;
  const url = `${where.origin}${where.pathname}${where.search}`;
  return {
    title,
    metas: [
      { attribute: 'name', key: 'description', content: description },
      { attribute: 'property', key: 'og:site_name', content: t('brand.name') },
      { attribute: 'property', key: 'og:title', content: title },
      { attribute: 'property', key: 'og:description', content: description },
      { attribute: 'property', key: 'og:type', content: type },
      { attribute: 'property', key: 'og:url', content: url },
      { attribute: 'property', key: 'og:image', content: image ? new URL(image, where.origin).href : undefined },
      { attribute: 'name', key: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { attribute: 'name', key: 'robots', content: noindex ? 'noindex' : undefined },
    ],
    canonical: url,
    alternates: noindex
      ? []
      : [
          ...LOCALES.map((locale) => ({ hreflang: locale, href: inLanguage(where, locale) })),
          { hreflang: 'x-default', href: inLanguage(where) },
        ],
    jsonLd: meta.jsonLd,
  };
}
