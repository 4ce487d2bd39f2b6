import { queryOptions } from '@tanstack/react-query';
import { createOrderFromSession } from './create-order-from-session';
import { getOrder } from './get-order';

/** The payment provider returns with its session id; order emails link with the order id. */
export const isPaymentSessionId = (id: string): boolean => id.startsWith('cs_');

/**
 * The order shown on /order-confirmation/{id}. Briefly fresh, so that the router's prefetch and
 * the page's first render share one request; polling while the payment is pending is the page's
 * own `refetchInterval`.
 */
export const confirmationOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'confirmation', id],
    queryFn: ({ signal }) => (isPaymentSessionId(id) ? createOrderFromSession(id, signal) : getOrder(id, signal)),
    staleTime: 5_000,
  });
