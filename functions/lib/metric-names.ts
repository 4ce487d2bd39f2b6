/**
 * The names the shop's metrics are written under (lib/metrics.ts) and read by (the dashboard in
 * infra/cdk/constructs/operations.ts), in a module with no imports, so infra need not load
 * Powertools to know them.
 */
/** One namespace for everything the shop measures; the dashboard and alarms read it. */
export const METRICS_NAMESPACE = 'Linea';
/**
 * One service for the whole shop: the dimension set stays {service, stage} (plus `kind` on
 * emails), so a metric is one CloudWatch series per stage, whichever function recorded it.
 */
export const METRICS_SERVICE = 'shop';

export const METRIC_NAMES = {
  ordersPlaced: 'OrdersPlaced',
  revenue: 'Revenue',
  emailsSent: 'EmailsSent',
  consumerFailures: 'ConsumerFailures',
} as const;
