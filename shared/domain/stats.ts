import type { Rappen } from './money';
import { customerKey } from './order-stats';
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
  /** Distinct customers of paid orders, by order email ("Unique customers"). */
  customerCount: number;
  /** Orders per customer x 100, to one decimal ("Orders per customer"); 0 with no customers. */
  conversionRate: number;
  /** Mean paid order total in Rappen, rounded to the Rappen; 0 with no orders. */
  averageOrderValue: Rappen;
}

/** The spec's formulas over all-time totals: "Orders per customer" x 100 to one decimal, and the mean order. */
export function overviewFromTotals(totals: { revenue: Rappen; orders: number; customers: number }): OverviewFigures {
  const { revenue, orders, customers } = totals;
  return {
    totalRevenue: revenue,
    orderCount: orders,
    customerCount: customers,
    conversionRate: customers ? Math.round((orders / customers) * 1000) / 10 : 0,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
  };
}

/**
 * The overview figures recomputed from every order: what the kept aggregates must equal. Pending
 * and cancelled orders are left out: they are not money the shop has taken, and counting them
 * would let abandoned checkouts inflate revenue. A customer is the order email (`customerKey`),
 * guest or account alike.
 */
export function computeOverview(orders: Iterable<OrderForStats>): OverviewFigures {
  let revenue = 0;
  let count = 0;
  const customers = new Set<string>();
  for (const order of orders) {
    if (!PAID_STATUSES.has(order.status)) continue;
    revenue += order.total;
    count += 1;
    customers.add(customerKey(order.email));
  }
  return overviewFromTotals({ revenue, orders: count, customers: customers.size });
}
