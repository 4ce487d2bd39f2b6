import { handler as getOverview } from '../http/admin/get-overview';
import { handler as getAnalytics } from '../http/admin/get-analytics';
import { handler as listOrders } from '../http/admin/list-orders';
import { handler as exportOrders } from '../http/admin/export-orders';
import { handler as createOrder } from '../http/admin/create-order';
import { handler as getOrder } from '../http/admin/get-order';
import { handler as updateOrder } from '../http/admin/update-order';
import { handler as listAudit } from '../http/admin/list-audit';
import { handler as listPromoCodes } from '../http/admin/list-promo-codes';
import { handler as createPromoCode } from '../http/admin/create-promo-code';
import { handler as updatePromoCode } from '../http/admin/update-promo-code';
import { handler as deletePromoCode } from '../http/admin/delete-promo-code';
import { handler as listNewsletters } from '../http/admin/list-newsletters';
import { handler as createNewsletter } from '../http/admin/create-newsletter';
import { handler as sendNewsletter } from '../http/admin/send-newsletter';
import { handler as listSubscribers } from '../http/admin/list-subscribers';
import { handler as listProducts } from '../http/admin/list-products';
import { handler as createProduct } from '../http/admin/create-product';
import { handler as updateProduct } from '../http/admin/update-product';
import { handler as deleteProduct } from '../http/admin/delete-product';
import { handler as moveProduct } from '../http/admin/move-product';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('admin', {
  'GET /admin/overview': getOverview,
  'GET /admin/analytics': getAnalytics,
  'GET /admin/orders': listOrders,
  'GET /admin/orders/export': exportOrders,
  'POST /admin/orders': createOrder,
  'GET /admin/orders/{id}': getOrder,
  'PATCH /admin/orders/{id}': updateOrder,
  'GET /admin/audit': listAudit,
  'GET /admin/promo-codes': listPromoCodes,
  'POST /admin/promo-codes': createPromoCode,
  'PATCH /admin/promo-codes/{code}': updatePromoCode,
  'DELETE /admin/promo-codes/{code}': deletePromoCode,
  'GET /admin/newsletters': listNewsletters,
  'POST /admin/newsletters': createNewsletter,
  'POST /admin/newsletters/{id}/send': sendNewsletter,
  'GET /admin/subscribers': listSubscribers,
  'GET /admin/products': listProducts,
  'POST /admin/products': createProduct,
  'PATCH /admin/products/{id}': updateProduct,
  'DELETE /admin/products/{id}': deleteProduct,
  'POST /admin/products/{id}/move': moveProduct,
});
