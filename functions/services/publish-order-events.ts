import { orders as orderRepository, type OrderRepository, type OutboxEntry } from '../data/order-repository';
import { publish as publishEvent } from '../lib/events';

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
  try {
    for (const entry of outbox) {
      await deps.publish(entry.detailType, entry.detail);
      published.push(entry.id);
    }
  } finally {
    await deps.orders.clearOutbox(orderId, published);
  }
}
