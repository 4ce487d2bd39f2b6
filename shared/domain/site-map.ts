import { categoryId } from './category';

/** The storefront's public pages that search engines should know, besides product pages. */
export const STATIC_PAGES = [
  '/',
  '/products',
  '/about',
  '/contact',
  '/size-guide',
  '/shipping-returns',
  '/faq',
  '/terms',
  '/privacy',
] as const;

export interface SitemapProduct {
  id: string;
  category: string;
  createdAt: string;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemaps.org XML for the storefront at `siteUrl`, built from the catalogue. */
export function buildSitemap(siteUrl: string, products: readonly SitemapProduct[]): string {
  const base = siteUrl.replace(/\/$/, '');
  const categories = [...new Set(products.map((p) => categoryId(p.category)))];
  const entries: { loc: string; lastmod?: string }[] = [
    ...STATIC_PAGES.map((path) => ({ loc: `${base}${path}` })),
    ...categories.map((id) => ({ loc: `${base}/products?category=${encodeURIComponent(id)}` })),
    ...products.map((p) => ({ loc: `${base}/product/${encodeURIComponent(p.id)}`, lastmod: p.createdAt.slice(0, 10) })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt for the storefront. The sitemap is served by the API from the live catalogue, on
 * the site's own origin under /api; `apiUrl` is that absolute base (robots.txt needs full URLs).
 */
export function buildRobotsTxt(apiUrl: string): string {
  const sitemapUrl = `${apiUrl.replace(/\/$/, '')}/sitemap.xml`;
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /checkout',
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
