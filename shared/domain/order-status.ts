export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose money the shop has actually taken. */
export const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(['confirmed', 'processing', 'shipped', 'delivered']);

/** Who moves an order: the payment provider's outcome, or the shop's admin. */
export type StatusActor = 'payment' | 'admin';

/**
 * Why an order changed status; carried on the OrderStatusChanged event so that consumers can
 * tell a paid order from one an admin confirmed by hand.
 */
export const STATUS_CHANGE_REASONS = [
  'payment_succeeded',
  'payment_failed',
  'checkout_expired',
  'checkout_abandoned',
  'payment_session_failed',
  'admin_update',
  /** An order the admin entered by hand (spec §5): it starts confirmed. */
  'manual_order',
] as const;
export type StatusChangeReason = (typeof STATUS_CHANGE_REASONS)[number];

/**
 * The payment may only settle a pending order: paid -> confirmed, failed or expired ->
 * cancelled. Anything later belongs to the shop (processing, shipping), and a late or repeated
 * payment event must not undo it.
 */
const PAYMENT_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: [],
  processing: [],
  shipped: [],
  delivered: [],
  cancelled: [],
};

/** Spec §4: the admin form may set any status regardless of the current one. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: StatusActor): boolean {
  if (from === to) return false;
  if (actor === 'admin') return true;
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Whether leaving `from` for `to` gives the reserved units back to the shelf. */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'cancelled' && from !== 'cancelled';
}

/** Whether entering `to` from `from` takes units off the shelf again (an admin reviving a cancelled order). */
export function reservesStock(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'cancelled' && to !== 'cancelled';
}
