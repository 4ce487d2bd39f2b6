/**
 * Per-day sales figures kept beside the orders, so the admin's overview and analytics read one
 * small item per day instead of every order. A consumer of OrderStatusChanged applies each
 * transition as a delta (these functions say which), and `recompute` derives the same figures
 * from the orders themselves: the test oracle and the repair tool.
 *
 * Deltas commute, so transitions may be applied in any order (a late "paid" event after a
 * "shipped" one ends in the same figures). Pending orders are not counted anywhere: a checkout
 * becomes an order for the figures when it leaves `pending`.
 */
import type { Rappen } from './money';
import { PAID_STATUSES, type OrderStatus } from './order-status';

/** What of an order the figures use. */
export interface StatsOrder {
  readonly createdAt: string;
  readonly total: Rappen;
  /** Who the customer is for "Unique customers": the order email, which outlives the account. */
  readonly email: string;
  readonly items: readonly { readonly productId: string; readonly quantity: number; readonly lineTotal: Rappen }[];
}

/** The figures of one shop day (Zürich time), for orders placed that day. */
export interface DayFigures {
  /** yyyy-mm-dd in Europe/Zurich. */
  readonly day: string;
  /** Paid orders' totals, Rappen. */
  readonly revenue: Rappen;
  /** Paid orders. */
  readonly orders: number;
  /** Orders placed that day by their current status (pending left out). */
  readonly byStatus: Readonly<Partial<Record<OrderStatus, number>>>;
  /** Units and revenue per product in paid orders. */
  readonly units: Readonly<Record<string, number>>;
  readonly productRevenue: Readonly<Record<string, Rappen>>;
  /** Paid orders per customer key; a key with 0 is no longer a customer of that day. */
  readonly customers: Readonly<Record<string, number>>;
}

/** The change one status transition makes to its order's day (and to the all-time totals). */
export interface StatsDelta {
  readonly day: string;
  readonly revenue: number;
  readonly orders: number;
  readonly byStatus: Readonly<Partial<Record<OrderStatus, number>>>;
  readonly units: Readonly<Record<string, number>>;
  readonly productRevenue: Readonly<Record<string, number>>;
  /** +1 when the order starts counting as paid, -1 when it stops, 0 otherwise. */
  readonly paid: -1 | 0 | 1;
}

const ZURICH_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day of an instant: the owner in Zürich thinks in Zürich days. */
export function zurichDay(iso: string | Date): string {
  return ZURICH_DAY.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The `count` Zürich days ending with `today`, oldest first. */
export function lastDays(count: number, today: Date = new Date()): string[] {
  const days: string[] = [];
  // Noon UTC is the same calendar day in Zürich all year, so stepping by 24 h never skips a day.
  const [y, m, d] = zurichDay(today).split('-').map(Number) as [number, number, number];
  for (let back = count - 1; back >= 0; back -= 1) {
    days.push(new Date(Date.UTC(y, m - 1, d - back, 12)).toISOString().slice(0, 10));
  }
  return days;
}

export function customerKey(email: string): string {
  return email.trim().toLowerCase();
}

/** What moving `order` from `from` to `to` changes; undefined when it changes nothing. */
export function statsDelta(order: StatsOrder, from: OrderStatus, to: OrderStatus): StatsDelta | undefined {
  if (from === to) return undefined;
  const byStatus: Partial<Record<OrderStatus, number>> = {};
  if (from !== 'pending') byStatus[from] = -1;
  if (to !== 'pending') byStatus[to] = (byStatus[to] ?? 0) + 1;
  const wasPaid = PAID_STATUSES.has(from);
  const isPaid = PAID_STATUSES.has(to);
  const paid: StatsDelta['paid'] = wasPaid === isPaid ? 0 : isPaid ? 1 : -1;
  const units: Record<string, number> = {};
  const productRevenue: Record<string, number> = {};
  if (paid !== 0) {
    for (const item of order.items) {
      units[item.productId] = (units[item.productId] ?? 0) + paid * item.quantity;
      productRevenue[item.productId] = (productRevenue[item.productId] ?? 0) + paid * item.lineTotal;
    }
  }
  return {
    day: zurichDay(order.createdAt),
    revenue: paid * order.total,
    orders: paid,
    byStatus,
    units,
    productRevenue,
    paid,
  };
}

const emptyDay = (day: string): DayFigures => ({
  day,
  revenue: 0,
  orders: 0,
  byStatus: {},
  units: {},
  productRevenue: {},
  customers: {},
});

function addInto(target: Record<string, number>, key: string, amount: number): void {
  const next = (target[key] ?? 0) + amount;
  if (next === 0) delete target[key];
  else target[key] = next;
}

/** The day figures the orders in their current statuses give: what the deltas must add up to. */
export function recompute(orders: Iterable<StatsOrder & { readonly status: OrderStatus }>): Map<string, DayFigures> {
  const days = new Map<string, DayFigures>();
  for (const order of orders) {
    const delta = statsDelta(order, 'pending', order.status);
    if (!delta) continue;
    const day = days.get(delta.day) ?? emptyDay(delta.day);
    const customers = { ...day.customers };
    if (delta.paid) addInto(customers, customerKey(order.email), delta.paid);
    days.set(delta.day, applyDelta(day, delta, customers));
  }
  return days;
}

function applyDelta(day: DayFigures, delta: StatsDelta, customers: Record<string, number>): DayFigures {
  const byStatus: Record<string, number> = { ...day.byStatus };
  for (const [status, n] of Object.entries(delta.byStatus)) addInto(byStatus, status, n);
  const units: Record<string, number> = { ...day.units };
  for (const [id, n] of Object.entries(delta.units)) addInto(units, id, n);
  const productRevenue: Record<string, number> = { ...day.productRevenue };
  for (const [id, n] of Object.entries(delta.productRevenue)) addInto(productRevenue, id, n);
  return {
    day: day.day,
    revenue: day.revenue + delta.revenue,
    orders: day.orders + delta.orders,
    byStatus,
    units,
    productRevenue,
    customers,
  };
}

/** Figures over a run of days: the analytics tab's period, or all time. */
export interface PeriodFigures {
  readonly revenue: Rappen;
  readonly orders: number;
  /** Distinct customers with a paid order placed in the period. */
  readonly customers: number;
  /** Mean paid order, Rappen, rounded; 0 without orders. */
  readonly averageOrderValue: Rappen;
  readonly byStatus: Readonly<Partial<Record<OrderStatus, number>>>;
  readonly units: Readonly<Record<string, number>>;
  readonly productRevenue: Readonly<Record<string, Rappen>>;
}

export function sumDays(days: Iterable<DayFigures>): PeriodFigures {
  let revenue = 0;
  let orders = 0;
  const customers = new Set<string>();
  const byStatus: Record<string, number> = {};
  const units: Record<string, number> = {};
  const productRevenue: Record<string, number> = {};
  for (const day of days) {
    revenue += day.revenue;
    orders += day.orders;
    for (const [key, n] of Object.entries(day.customers)) if (n > 0) customers.add(key);
    for (const [status, n] of Object.entries(day.byStatus)) addInto(byStatus, status, n);
    for (const [id, n] of Object.entries(day.units)) addInto(units, id, n);
    for (const [id, n] of Object.entries(day.productRevenue)) addInto(productRevenue, id, n);
  }
  return {
    revenue,
    orders,
    customers: customers.size,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
    byStatus,
    units,
    productRevenue,
  };
}
