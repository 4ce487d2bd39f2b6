import { orders } from '../data/order-repository';
import { orderStatusUpdateEmail } from '../email/order-status-update';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';
import { emailLanguageFor } from '../services/email-language';

/**
 * Emails the customer each update the admin makes to their order (status, tracking, a note),
 * once per update: the email is claimed on the order under the update's time before it is sent,
 * so a redelivered event finds it sent; a failed send gives the claim back and throws, so the
 * bus retries and finally dead-letters it.
 */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  if (detail.reason !== 'admin_update') return;
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for its status email`);
  const kind = `status#${detail.changedAt}`;
  const claim = await orders.claimEmail(order.id, kind, new Date());
  if (claim.outcome !== 'claimed') {
    if (claim.outcome === 'busy')
      throw new Error(`Status email of order ${order.id} is being sent by another delivery`);
    logger.info('Order status email already sent', { orderId: order.id, changedAt: detail.changedAt });
    return;
  }
  try {
    // A customer opens the order by id in their account; a guest's proof is the payment session id.
    const reference = order.userId || !order.stripeSessionId ? order.id : order.stripeSessionId;
    const orderUrl = `${config().webUrl.replace(/\/$/, '')}/order-confirmation/${encodeURIComponent(reference)}`;
    const locale = await emailLanguageFor(order.userId, order.locale);
    await sendEmail(order.email, orderStatusUpdateEmail(order, detail, { locale, orderUrl }));
  } catch (err) {
    await orders
      .releaseEmail(order.id, kind, claim.claimedAt)
      .catch((releaseErr: unknown) =>
        logger.error('Claim not released; it expires', { releaseErr, orderId: order.id }),
      );
    throw err;
  }
  await orders.markEmailSent(order.id, kind, new Date().toISOString());
});
