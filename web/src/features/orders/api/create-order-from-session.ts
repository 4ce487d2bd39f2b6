import { orderDto, type OrderDto } from '@linea/shared/contracts/orders';
import { api } from '../../../api/client';

/**
 * POST /orders/from-session: the order behind a payment session (`cs_...`), for anyone holding
 * the session id, which is the guest's proof of purchase. Asking again for the same session
 * answers the same order with its current status, which is how the confirmation page polls.
 */
export function createOrderFromSession(sessionId: string, signal?: AbortSignal): Promise<OrderDto> {
  return api.request('/orders/from-session', { method: 'POST', body: { sessionId }, schema: orderDto, signal });
}
