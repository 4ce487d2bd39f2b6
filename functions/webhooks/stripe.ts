import { httpHandler, noContent, rawBody } from '../lib/http';
import { verifyPaymentEvent } from '../lib/payments';
import { applyPaymentEvent } from '../services/fulfil-checkout';

/**
 * Stripe's webhook: the signature is checked over the exact bytes received (decoded from
 * base64 first when API Gateway encoded them). A failure after that answers 500, so Stripe
 * delivers again; fulfilment is idempotent per event and per order.
 */
export const handler = httpHandler('POST /webhooks/stripe', {}, async ({ event }) => {
  const paymentEvent = await verifyPaymentEvent(rawBody(event), event.headers['stripe-signature']);
  if (paymentEvent) await applyPaymentEvent(paymentEvent);
  return noContent();
});
