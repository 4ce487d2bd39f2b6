import type { AdminOverviewResponse } from '@linea/shared/contracts/admin';
import { overviewFromTotals } from '@linea/shared/domain/stats';
import { products as productRepository, type ProductRepository } from '../data/product-repository';
import { stats as statsRepository, type StatsRepository } from '../data/stats-repository';

/** The overview cards from the kept all-time totals (pattern 25): one item, however many orders. */
export async function getOverview(
  deps: { stats: StatsRepository; products: ProductRepository } = {
    stats: statsRepository,
    products: productRepository,
  },
): Promise<AdminOverviewResponse> {
  const [totals, productCount] = await Promise.all([deps.stats.totals(), deps.products.countAll()]);
  return { ...overviewFromTotals(totals), productCount };
}
