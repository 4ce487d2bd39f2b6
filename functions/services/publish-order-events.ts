import { orders as orderRepository, type OrderRepository, type OutboxEntry } from '../data/order-repository';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

interface Deps {
  orders: Pick<OrderRepository, 'getWithOutbox' | 'clearOutbox'>;
  publish: typeof publishEvent;
}

const defaults: Deps = { orders: orderRepository, publish: publishEvent };

/**
 * Publishes what waits in an order's outbox, oldest first, then takes it out. Status changes
 * write their event into the outbox in the same transaction, so a bus that fails here loses
 * nothing: the entry stays, and the next delivery of the webhook (or the confirmation page)
 * publishes it. An entry published twice is possible after a failure between the two steps;
 * consumers are idempotent per order.
 */
export async function publishOrderEvents(
  orderId: string,
  known?: readonly OutboxEntry[],
  deps: Deps = defaults,
): Promise<void> {
  const outbox = known ?? (await deps.orders.getWithOutbox(orderId))?.outbox ?? [];
  const published: string[] = [];
  let failure: unknown;
  for (const entry of outbox) {
    try {
      await deps.publish(entry.detailType, entry.detail);
      published.push(entry.id);
    } catch (err) {
      failure = err;
      break;
    }
  }
  try {
    await deps.orders.clearOutbox(orderId, published);
  } catch (clearErr) {
    // The bus's error is the one that matters; an entry left behind is only published again.
    if (failure === undefined) throw clearErr;
    logger.error('Published entries stay in the outbox', { clearErr, orderId });
  }
  if (failure !== undefined) throw failure;
}
