import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemap } from './site-map';

describe('buildSitemap', () => {
  it('lists the static pages, each category and each product under the site URL', () => {
    const xml = buildSitemap('https://shop.linea.ch/', [
      { id: 'essential-tee', category: 'Basics', createdAt: '2026-03-01T10:00:00Z' },
      { id: 'a&b', category: 'Knit Wear', createdAt: '2026-04-01T10:00:00Z' },
    ]);
    expect(xml).toContain('<loc>https://shop.linea.ch/</loc>');
    expect(xml).toContain('<loc>https://shop.linea.ch/faq</loc>');
    expect(xml).toContain('<loc>https://shop.linea.ch/products?category=knit-wear</loc>');
    expect(xml).toContain(
      '<url><loc>https://shop.linea.ch/product/essential-tee</loc><lastmod>2026-03-01</lastmod></url>',
    );
    expect(xml).toContain('<loc>https://shop.linea.ch/product/a%26b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('buildRobotsTxt', () => {
  it('allows the storefront, keeps private pages out and names the API-served sitemap', () => {
    const robots = buildRobotsTxt('https://api.linea.ch/');
    expect(robots).toContain('User-agent: *\nAllow: /\n');
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Sitemap: https://api.linea.ch/sitemap.xml');
  });
});
