import { orderDto, type OrderDto } from '@linea/shared/contracts/orders';
import { api } from '../../../api/client';

/** GET /orders/{id}: the owner's (or an admin's) order; anyone else gets NOT_FOUND. */
export function getOrder(id: string, signal?: AbortSignal): Promise<OrderDto> {
  return api.request(`/orders/${encodeURIComponent(id)}`, { schema: orderDto, signal });
}
