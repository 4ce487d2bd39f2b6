export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose money the shop has actually taken. */
export const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(['confirmed', 'processing', 'shipped', 'delivered']);
