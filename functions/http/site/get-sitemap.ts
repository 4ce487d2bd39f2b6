import { buildSitemap } from '@linea/shared/domain/site-map';
import { products } from '../../data/product-repository';
import { config } from '../../lib/config';
import { httpHandler } from '../../lib/http';

/** Served under the site's own origin at /api/sitemap.xml (robots.txt names it there). */
export const handler = httpHandler('GET /sitemap.xml', {}, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/xml; charset=utf-8' },
  body: buildSitemap(
    config().webUrl,
    (await products.listAll()).filter((product) => product.active),
  ),
}));
