import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * A page's title (WCAG 2.4.2), description, canonical URL, Open Graph and Twitter tags and
 * JSON-LD, kept in <head> while the page is shown. Crawlers that run JavaScript read these.
 */
export function usePageMeta(meta: PageMeta): void {
  const { t } = useTranslation();
  const title = meta.title ? t('common.pageTitle', { page: meta.title }) : t('brand.name');
  const description = meta.description ?? t('brand.tagline');
  const jsonLd = meta.jsonLd ? JSON.stringify(meta.jsonLd) : undefined;
  const { image, type = 'website', noindex = false } = meta;

  useEffect(() => {
    const url = `${window.location.origin}${window.location.pathname}${window.location.search}`;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:site_name', t('brand.name'));
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', image ? new URL(image, window.location.origin).href : undefined);
    setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
    setMeta('name', 'robots', noindex ? 'noindex' : undefined);
    setCanonical(url);
    setJsonLd(jsonLd ? (JSON.parse(jsonLd) as Record<string, unknown>) : undefined);
  }, [title, description, image, type, jsonLd, noindex, t]);

  useEffect(() => () => setJsonLd(undefined), []);
}
