import type { AdminOrderUpdateRequest } from '@linea/shared/contracts/admin';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { NotFoundError, OutOfStockError } from '@linea/shared/errors';
import {
  orders as orderRepository,
  StockShortageError,
  toOrderDto,
  type OrderRepository,
} from '../data/order-repository';
import type { Actor } from '../lib/auth';
import { logger } from '../lib/logger';
import { publishOrderEvents } from './publish-order-events';

interface Deps {
  orders: Pick<OrderRepository, 'getById' | 'adminUpdate'>;
  publish: (orderId: string) => Promise<void>;
  now: () => Date;
}

const defaults: Deps = {
  orders: orderRepository,
  publish: (orderId) => publishOrderEvents(orderId),
  now: () => new Date(),
};

/**
 * PATCH /admin/orders/{id}: sets the status, tracking and message, and has the customer emailed
 * (through OrderStatusChanged). Read, change on the condition that nobody changed it meanwhile,
 * and if somebody did, read again: the admin's form states what the order should be now.
 */
export async function updateOrderStatus(
  orderId: string,
  request: AdminOrderUpdateRequest,
  actor: Actor,
  deps: Deps = defaults,
): Promise<OrderDto> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const order = await deps.orders.getById(orderId);
    if (!order) throw new NotFoundError('Order', orderId);
    let result;
    try {
      result = await deps.orders.adminUpdate(order, request, actor, deps.now().toISOString());
    } catch (err) {
      if (!(err instanceof StockShortageError)) throw err;
      // Reviving a cancelled order takes its units again; some are gone.
      throw new OutOfStockError(err.productIds.map((productId) => ({ productId })));
    }
    if (result.outcome === 'stale') continue;
    if (result.outcome === 'unchanged') return toOrderDto(order);
    // The change and its event are stored; a bus that fails now leaves the event in the outbox.
    await deps
      .publish(orderId)
      .catch((err: unknown) => logger.error('Order events left in the outbox', { err, orderId }));
    return toOrderDto(result.order);
  }
  throw new Error(`Order ${orderId} kept changing while the admin updated it`);
}
