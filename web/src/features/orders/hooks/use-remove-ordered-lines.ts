import { useEffect } from 'react';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { PAID_STATUSES } from '@linea/shared/domain/order-status';
import { useCartStore } from '../../../stores/cart-store';
import { markOrderHandled, wasOrderHandled } from '../lib/handled-orders';

/**
 * Once an order is paid, its lines (same product, size and colour) leave the cart, once per
 * order. Not before: a pending or cancelled order leaves the cart as it is, so the shopper can
 * try again. `onPaid` runs at the same moment, once.
 */
export function useRemoveOrderedLines(order: OrderDto | undefined, onPaid?: (order: OrderDto) => void) {
  const remove = useCartStore((state) => state.remove);
  const paid = order !== undefined && PAID_STATUSES.has(order.status);

  useEffect(() => {
    if (!order || !paid || wasOrderHandled(order.id)) return;
    markOrderHandled(order.id);
    for (const item of order.items) remove({ id: item.productId, size: item.size, color: item.color });
    onPaid?.(order);
    // Only the moment the order becomes paid matters, not every new copy of it from polling.
  }, [order?.id, paid]);
}
