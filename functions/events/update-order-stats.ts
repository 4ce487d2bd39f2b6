import { orders } from '../data/order-repository';
import { stats } from '../data/stats-repository';
import { eventConsumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';

/**
 * Keeps the admin figures: every order transition is applied once to its day's aggregates, off
 * the checkout's path, so no shared item slows or conflicts concurrent checkouts. A redelivered
 * event finds its marker and changes nothing.
 */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for the figures`);
  const outcome = await stats.applyTransition(order.id, order, detail);
  if (outcome === 'duplicate') logger.info('Transition already in the figures', { orderId: order.id });
});
