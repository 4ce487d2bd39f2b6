import type { AdminAnalyticsResponse, DailyFigures, ProductFigures } from '@linea/shared/contracts/admin';
import { lastDays, sumDays, type DayFigures } from '@linea/shared/domain/order-stats';
import { products as productRepository, type ProductRepository } from '../data/product-repository';
import { stats as statsRepository, type StatsRepository } from '../data/stats-repository';

/** How many products each top list shows. */
export const TOP_PRODUCTS = 5;

/** One point per day of the period, days without orders at zero, oldest first. */
export function dailySeries(days: readonly string[], figures: readonly DayFigures[]): DailyFigures[] {
  const byDay = new Map(figures.map((figure) => [figure.day, figure]));
  return days.map((day) => ({ day, revenue: byDay.get(day)?.revenue ?? 0, orders: byDay.get(day)?.orders ?? 0 }));
}

/** The period's figures from its day items (pattern 25): at most `days` items, however many orders. */
export async function getAnalytics(
  days: number,
  deps: { stats: StatsRepository; products: ProductRepository; now?: Date } = {
    stats: statsRepository,
    products: productRepository,
  },
): Promise<AdminAnalyticsResponse> {
  const period = lastDays(days, deps.now);
  const from = period[0]!;
  const to = period[period.length - 1]!;
  const [figures, productCount] = await Promise.all([deps.stats.days(from, to), deps.products.countAll()]);
  const sum = sumDays(figures);

  const sold = Object.keys(sum.units).filter((id) => (sum.units[id] ?? 0) > 0);
  const top = (measure: (id: string) => number) =>
    [...sold].sort((a, b) => measure(b) - measure(a) || a.localeCompare(b)).slice(0, TOP_PRODUCTS);
  const topByUnits = top((id) => sum.units[id] ?? 0);
  const topByRevenue = top((id) => sum.productRevenue[id] ?? 0);
  const named = new Map(
    (await deps.products.getMany([...new Set([...topByUnits, ...topByRevenue])])).map((p) => [p.id, p.name]),
  );
  const figuresOf = (id: string): ProductFigures => ({
    productId: id,
    name: named.get(id) ?? id,
    units: sum.units[id] ?? 0,
    revenue: sum.productRevenue[id] ?? 0,
  });

  return {
    days,
    from,
    to,
    revenue: sum.revenue,
    orders: sum.orders,
    averageOrderValue: sum.averageOrderValue,
    customers: sum.customers,
    productCount,
    byStatus: { ...sum.byStatus },
    topByUnits: topByUnits.map(figuresOf),
    topByRevenue: topByRevenue.map(figuresOf),
    series: dailySeries(period, figures),
  };
}
