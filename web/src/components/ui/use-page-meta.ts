import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageHead, type PageHead, type PageMeta } from './page-head';
import { useServerPage } from './server-page';

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
