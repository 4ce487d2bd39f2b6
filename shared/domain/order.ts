/** Spec §9: an order's number is the last 8 characters of its id, upper-cased on the confirmation page. */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}

/** Spec §5: at most this many of one line per order (the cart caps lines the same way). */
export const MAX_ORDER_LINE_QUANTITY = 20;
/** Lines per order: far below DynamoDB's 100 items per transaction (order + one update per product). */
export const MAX_ORDER_LINES = 50;
/** How long a shopper has to pay on the hosted page before the order is cancelled and its stock released. */
export const CHECKOUT_SESSION_MINUTES = 30;
