import { orders } from '../data/order-repository';
import { orderStatusUpdateEmail } from '../email/order-status-update';
import { eventConsumer } from '../lib/event-consumer';
import { sendOrderEmailOnce } from '../services/order-emails';

/**
 * Emails the customer each update the admin makes to their order (status, tracking, a note),
 * once per update: the email is claimed under the update's time.
 */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  if (detail.reason !== 'admin_update') return;
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for its status email`);
  await sendOrderEmailOnce(order, `status#${detail.changedAt}`, ({ locale, orderUrl }) =>
    orderStatusUpdateEmail(order, detail, { locale, orderUrl }),
  );
});
