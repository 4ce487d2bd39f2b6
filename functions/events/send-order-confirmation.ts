import { orders, toOrderDto } from '../data/order-repository';
import { orderConfirmationEmail } from '../email/order-confirmation';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';

const EMAIL_KIND = 'confirmation';

/**
 * Mails the order confirmation when an order becomes confirmed, in the checkout's language,
 * exactly once per order: the first delivery claims the email on the order, a repeated event
 * finds the claim and sends nothing. A failed send gives the claim back and throws, so the bus
 * retries (and finally dead-letters) the event.
 */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  if (detail.to !== 'confirmed') return;
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for its confirmation email`);
  if (!(await orders.claimEmail(order.id, EMAIL_KIND, new Date().toISOString()))) {
    logger.info('Order confirmation already sent', { orderId: order.id });
    return;
  }
  try {
    // A customer opens the order by id in their account; a guest's proof is the payment session id.
    const reference = order.userId || !order.stripeSessionId ? order.id : order.stripeSessionId;
    const orderUrl = `${config().webUrl.replace(/\/$/, '')}/order-confirmation/${encodeURIComponent(reference)}`;
    const email = await orderConfirmationEmail(toOrderDto(order), { orderUrl });
    await sendEmail(order.email, email);
  } catch (err) {
    await orders.releaseEmail(order.id, EMAIL_KIND);
    throw err;
  }
});
