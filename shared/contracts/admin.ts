import { z } from 'zod';
import { rappen } from './common';

/** GET /admin/overview: the four overview cards plus the figures of the financial summary. */
export const adminOverviewResponse = z.object({
  totalRevenue: rappen,
  orderCount: z.number().int().nonnegative(),
  customerCount: z.number().int().nonnegative(),
  conversionRate: z.number().nonnegative(),
  averageOrderValue: rappen,
  productCount: z.number().int().nonnegative(),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponse>;
