import { handler as createCheckout } from '../http/checkout/create-checkout';
import { handler as abandonCheckout } from '../http/checkout/abandon-checkout';
import { handler as orderFromSession } from '../http/orders/order-from-session';
import { handler as getOrder } from '../http/orders/get-order';
import { handler as stripeWebhook } from '../webhooks/stripe';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('checkout', {
  'POST /checkout': createCheckout,
  'POST /checkout/abandon': abandonCheckout,
  'POST /orders/from-session': orderFromSession,
  'GET /orders/{id}': getOrder,
  'POST /webhooks/stripe': stripeWebhook,
});
