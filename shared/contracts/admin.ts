import * as z from './zod-mini';
import { CARRIERS } from '../domain/carriers';
import { checkoutCustomer, checkoutLine } from './checkout';
import { locale, rappen } from './common';
import { orderDto, orderStatus } from './orders';

/** One day of a chart: paid revenue (Rappen) and paid orders of orders placed that Zürich day. */
export const dailyFigures = z.object({
  day: z.string(),
  revenue: z.int(),
  orders: z.int(),
});
export type DailyFigures = z.infer<typeof dailyFigures>;

/** GET /admin/overview: the four overview cards plus the figures of the financial summary. */
export const adminOverviewResponse = z.object({
  totalRevenue: rappen,
  orderCount: z.int().check(z.nonnegative()),
  customerCount: z.int().check(z.nonnegative()),
  conversionRate: z.number().check(z.nonnegative()),
  averageOrderValue: rappen,
  productCount: z.int().check(z.nonnegative()),
  /** Paid revenue and orders per day over the last 30 Zürich days, oldest first: the overview's charts. */
  last30Days: z.array(dailyFigures),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponse>;

/** The periods the analytics tab offers. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

/** GET /admin/analytics?days=7|30|90 */
export const adminAnalyticsQuery = z.strictObject({
  days: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((days: number) => (ANALYTICS_PERIODS as readonly number[]).includes(days), 'One of 7, 30 or 90'),
    ),
    30,
  ),
});
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuery>;

export const productFigures = z.object({
  productId: z.string(),
  /** The product's English name today, or its id once it has been deleted. */
  name: z.string(),
  units: z.int(),
  revenue: z.int(),
});
export type ProductFigures = z.infer<typeof productFigures>;

/**
 * The analytics tab: the financial summary of the period's paid orders (orders placed in it),
 * orders by their current status, the top products and one chart point per day.
 */
export const adminAnalyticsResponse = z.object({
  days: z.int(),
  /** First and last Zürich day of the period, yyyy-mm-dd. */
  from: z.string(),
  to: z.string(),
  revenue: z.int(),
  orders: z.int(),
  averageOrderValue: z.int(),
  customers: z.int(),
  productCount: z.int().check(z.nonnegative()),
  byStatus: z.record(z.string(), z.int()),
  topByUnits: z.array(productFigures),
  topByRevenue: z.array(productFigures),
  series: z.array(dailyFigures),
});
export type AdminAnalyticsResponse = z.infer<typeof adminAnalyticsResponse>;

/** GET /admin/orders?query=&cursor=: the newest orders, or those whose id or email contains `query`. */
export const adminOrdersQuery = z.strictObject({
  /** Case-insensitive substring of the order id (or its 8-character number) or the customer's email. */
  query: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  /** Spec §9: 10 a page. */
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrdersResponse = z.object({
  items: z.array(orderDto),
  /** Present while more orders (or more to search) remain. */
  nextCursor: z.optional(z.string()),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max)),
      z.transform((value: string) => value || undefined),
    ),
  );

/**
 * PATCH /admin/orders/{id}: the spec's status-update payload. Empty optional fields mean "none";
 * a tracking URL must be http(s). The customer is emailed the change.
 */
export const adminOrderUpdateRequest = z.strictObject({
  status: orderStatus,
  carrier: z.optional(z.enum(CARRIERS)),
  trackingNumber: optionalText(100),
  trackingUrl: z.pipe(
    optionalText(500),
    z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/i, 'A web address starting with https://'))),
  ),
  message: optionalText(2000),
});
export type AdminOrderUpdateRequest = z.infer<typeof adminOrderUpdateRequest>;

/**
 * POST /admin/orders: an order the admin enters by hand (spec §5): the customer, one product in
 * a size and colour it has, a quantity, and optionally a price of the admin's own (else the
 * catalogue's). Shipping is the manual-order fee (spec §9); the order starts confirmed.
 */
export const adminManualOrderRequest = z.strictObject({
  customer: checkoutCustomer,
  line: checkoutLine,
  /** A custom unit price, VAT included, in Rappen. */
  unitPrice: z.optional(rappen.check(z.gte(1), z.lte(10_000_000))),
  /** The language of the customer's emails about this order. */
  locale: z._default(locale, 'de'),
});
export type AdminManualOrderRequest = z.infer<typeof adminManualOrderRequest>;

/** Spec §9: the activity log shows 100 entries; more on request. */
export const AUDIT_PAGE_SIZE = 100;

/** GET /admin/audit?cursor=: the admin changes, newest first. */
export const adminAuditQuery = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(AUDIT_PAGE_SIZE)), AUDIT_PAGE_SIZE),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

/** The spec's three changes, and the export of orders (who took which customers' data, issue 25). */
export const AUDIT_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'EXPORT'] as const;

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
  before: z.optional(z.record(z.string(), z.unknown())),
  after: z.optional(z.record(z.string(), z.unknown())),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const adminAuditResponse = z.object({
  items: z.array(auditEntryDto),
  nextCursor: z.optional(z.string()),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;
