import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@linea/shared/i18n/locales';
import { useServerPage } from './server-page';

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

const JSON_LD_ID = 'page-json-ld';

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

function setAlternates(alternates: PageHead['alternates']): void {
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  for (const { hreflang, href } of alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = href;
    document.head.append(link);
  }
}

function setJsonLd(data: Record<string, unknown> | undefined): void {
  document.getElementById(JSON_LD_ID)?.remove();
  if (!data) return;
  const script = document.createElement('script');
  script.id = JSON_LD_ID;
  script.type = 'application/ld+json';
  // "<" escaped so a product text can never close the script element.
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.head.append(script);
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

/**
 * A page's title (WCAG 2.4.2), description, canonical URL, Open Graph and Twitter tags and
 * JSON-LD, kept in <head> while the page is shown. Crawlers that run JavaScript read these.
 * Rendered on the server, the page hands its head to the renderer instead (see server-page.ts).
 */
export function usePageMeta(meta: PageMeta): void {
  const { t } = useTranslation();
  const serverPage = useServerPage();
  const { title, description, image, type, noindex } = meta;
  const jsonLd = meta.jsonLd ? JSON.stringify(meta.jsonLd) : undefined;

  // On the server no effect runs: the head is collected while rendering.
  if (serverPage) serverPage.collectHead(pageHead(meta, t, serverPage));

  useEffect(() => {
    const head = pageHead(
      {
        title,
        description,
        image,
        type,
        noindex,
        jsonLd: jsonLd ? (JSON.parse(jsonLd) as Record<string, unknown>) : undefined,
      },
      t,
      window.location,
    );
    document.title = head.title;
    head.metas.forEach(({ attribute, key, content }) => setMeta(attribute, key, content));
    setCanonical(head.canonical);
    setAlternates(head.alternates);
    setJsonLd(head.jsonLd);
  }, [title, description, image, type, jsonLd, noindex, t]);

  useEffect(() => () => setJsonLd(undefined), []);
}
