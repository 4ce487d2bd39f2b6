import { buildSitemap } from '@linea/shared/domain/site-map';
import { products } from '../../data/product-repository';
import { config } from '../../lib/config';
import { httpHandler } from '../../lib/http';

/** Served at the site's own /sitemap.xml (CloudFront and the local web server route it here). */
export const handler = httpHandler('GET /sitemap.xml', {}, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  body: buildSitemap(
    config().webUrl,
    (await products.listAll()).filter((product) => product.active),
  ),
}));
