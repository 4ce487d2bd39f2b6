import { handler as listProducts } from '../http/products/list-products';
import { handler as getProduct } from '../http/products/get-product';
import { handler as getSitemap } from '../http/site/get-sitemap';
import { handler as getPromoCode } from '../http/promo-codes/get-promo-code';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('catalogue', {
  'GET /products': listProducts,
  'GET /products/{id}': getProduct,
  'GET /sitemap.xml': getSitemap,
  'GET /promo-codes/{code}': getPromoCode,
});
