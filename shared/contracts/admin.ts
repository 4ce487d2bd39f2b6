import { z } from 'zod';
import { CARRIERS } from '../domain/carriers';
import { checkoutCustomer, checkoutLine } from './checkout';
import { locale, rappen } from './common';
import { orderDto, orderStatus } from './orders';

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

/** GET /admin/orders?query=&cursor=: the newest orders, or those whose id or email contains `query`. */
export const adminOrdersQuery = z
  .object({
    /** Case-insensitive substring of the order id (or its 8-character number) or the customer's email. */
    query: z.string().trim().max(254).optional(),
    /** Opaque: the `nextCursor` of the previous page. */
    cursor: z.string().max(2000).optional(),
    /** Spec §9: 10 a page. */
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrdersResponse = z.object({
  items: z.array(orderDto),
  /** Present while more orders (or more to search) remain. */
  nextCursor: z.string().optional(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

/**
 * PATCH /admin/orders/{id}: the spec's status-update payload. Empty optional fields mean "none";
 * a tracking URL must be http(s). The customer is emailed the change.
 */
export const adminOrderUpdateRequest = z
  .object({
    status: orderStatus,
    carrier: z.enum(CARRIERS).optional(),
    trackingNumber: optionalText(100),
    trackingUrl: optionalText(500).pipe(
      z
        .string()
        .regex(/^https?:\/\/\S+$/i, 'A web address starting with https://')
        .optional(),
    ),
    message: optionalText(2000),
  })
  .strict();
export type AdminOrderUpdateRequest = z.infer<typeof adminOrderUpdateRequest>;

/**
 * POST /admin/orders: an order the admin enters by hand (spec §5): the customer, one product in
 * a size and colour it has, a quantity, and optionally a price of the admin's own (else the
 * catalogue's). Shipping is the manual-order fee (spec §9); the order starts confirmed.
 */
export const adminManualOrderRequest = z
  .object({
    customer: checkoutCustomer,
    line: checkoutLine,
    /** A custom unit price, VAT included, in Rappen. */
    unitPrice: rappen.min(1).max(10_000_000).optional(),
    /** The language of the customer's emails about this order. */
    locale: locale.default('de'),
  })
  .strict();
export type AdminManualOrderRequest = z.infer<typeof adminManualOrderRequest>;

/** Spec §9: the activity log shows 100 entries; more on request. */
export const AUDIT_PAGE_SIZE = 100;

/** GET /admin/audit?cursor=: the admin changes, newest first. */
export const adminAuditQuery = z
  .object({
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .strict();
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

export const AUDIT_ACTIONS = ['CREATE', 'UPDATE', 'DELETE'] as const;

/** One admin change (spec §3 Audit log): who, what, on which record, before and after. */
export const auditEntryDto = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  tableName: z.string(),
  recordId: z.string(),
  /** The record before and after the change, as the server stored them (absent on create / delete). */
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const adminAuditResponse = z.object({
  items: z.array(auditEntryDto),
  nextCursor: z.string().optional(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;
