import type { Rappen } from './money';
import { PAID_STATUSES, type OrderStatus } from './order-status';

export interface OrderForStats {
  total: Rappen;
  status: OrderStatus;
  userId?: string;
  email: string;
}

export interface OverviewFigures {
  /** Sum of paid orders' totals, in Rappen. */
  totalRevenue: Rappen;
  /** Paid orders ("Total orders placed"). */
  orderCount: number;
  /** Distinct customers of paid orders, by user id or, for guests, email ("Unique customers"). */
  customerCount: number;
  /** Orders per customer x 100, to one decimal ("Orders per customer"); 0 with no customers. */
  conversionRate: number;
  /** Mean paid order total in Rappen, rounded to the Rappen; 0 with no orders. */
  averageOrderValue: Rappen;
}

/**
 * The spec's overview figures. Pending and cancelled orders are left out: they are not money
 * the shop has taken, and counting them would let abandoned checkouts inflate revenue.
 */
export function computeOverview(orders: Iterable<OrderForStats>): OverviewFigures {
  let totalRevenue = 0;
  let orderCount = 0;
  const customers = new Set<string>();
  for (const order of orders) {
    if (!PAID_STATUSES.has(order.status)) continue;
    totalRevenue += order.total;
    orderCount += 1;
    customers.add(order.userId ? `user:${order.userId}` : `email:${order.email.toLowerCase()}`);
  }
  const customerCount = customers.size;
  return {
    totalRevenue,
    orderCount,
    customerCount,
    conversionRate: customerCount ? Math.round((orderCount / customerCount) * 1000) / 10 : 0,
    averageOrderValue: orderCount ? Math.round(totalRevenue / orderCount) : 0,
  };
}
