import type { AdminOverviewResponse } from '@linea/shared/contracts/admin';
import { lastDays } from '@linea/shared/domain/order-stats';
import { overviewFromTotals } from '@linea/shared/domain/stats';
import { products as productRepository, type ProductRepository } from '../data/product-repository';
import { stats as statsRepository, type StatsRepository } from '../data/stats-repository';
import { dailySeries } from './get-analytics';

/** Days in the overview's charts. */
const CHART_DAYS = 30;

/**
 * The overview cards from the kept all-time totals and its charts from the last 30 day items
 * (pattern 25): 31 items at most, however many orders the shop has.
 */
export async function getOverview(
  deps: { stats: StatsRepository; products: ProductRepository; now?: Date } = {
    stats: statsRepository,
    products: productRepository,
  },
): Promise<AdminOverviewResponse> {
  const days = lastDays(CHART_DAYS, deps.now);
  const [totals, figures, productCount] = await Promise.all([
    deps.stats.totals(),
    deps.stats.days(days[0]!, days[days.length - 1]!),
    deps.products.countAll(),
  ]);
  return { ...overviewFromTotals(totals), productCount, last30Days: dailySeries(days, figures) };
}
