import { z } from 'zod';
import { rappen } from './common';

/** One day of a chart: paid revenue (Rappen) and paid orders of orders placed that Zürich day. */
export const dailyFigures = z.object({
  day: z.string(),
  revenue: z.number().int(),
  orders: z.number().int(),
});
export type DailyFigures = z.infer<typeof dailyFigures>;

/** GET /admin/overview: the four overview cards plus the figures of the financial summary. */
export const adminOverviewResponse = z.object({
  totalRevenue: rappen,
  orderCount: z.number().int().nonnegative(),
  customerCount: z.number().int().nonnegative(),
  conversionRate: z.number().nonnegative(),
  averageOrderValue: rappen,
  productCount: z.number().int().nonnegative(),
  /** Paid revenue and orders per day over the last 30 Zürich days, oldest first: the overview's charts. */
  last30Days: z.array(dailyFigures),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponse>;

/** The periods the analytics tab offers. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

/** GET /admin/analytics?days=7|30|90 */
export const adminAnalyticsQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), 'One of 7, 30 or 90')
      .default(30),
  })
  .strict();
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuery>;

export const productFigures = z.object({
  productId: z.string(),
  /** The product's English name today, or its id once it has been deleted. */
  name: z.string(),
  units: z.number().int(),
  revenue: z.number().int(),
});
export type ProductFigures = z.infer<typeof productFigures>;

/**
 * The analytics tab: the financial summary of the period's paid orders (orders placed in it),
 * orders by their current status, the top products and one chart point per day.
 */
export const adminAnalyticsResponse = z.object({
  days: z.number().int(),
  /** First and last Zürich day of the period, yyyy-mm-dd. */
  from: z.string(),
  to: z.string(),
  revenue: z.number().int(),
  orders: z.number().int(),
  averageOrderValue: z.number().int(),
  customers: z.number().int(),
  productCount: z.number().int().nonnegative(),
  byStatus: z.record(z.string(), z.number().int()),
  topByUnits: z.array(productFigures),
  topByRevenue: z.array(productFigures),
  series: z.array(dailyFigures),
});
export type AdminAnalyticsResponse = z.infer<typeof adminAnalyticsResponse>;
