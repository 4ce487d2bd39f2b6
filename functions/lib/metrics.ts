/**
 * The shop's business metrics, written as CloudWatch embedded metric format (EMF) lines to the
 * function's log, where CloudWatch turns them into metrics: no API call, no extra permission.
 * Imported only by the modules that record one, so the other bundles do not carry Powertools
 * Metrics (~15 KiB).
 *
 * Each metric is its own EMF line, written at once (Powertools' single-metric mode), rather than
 * stored and flushed when the invocation ends: the emitters sit in HTTP handlers, event consumers
 * and a Cognito trigger alike, so there is no one end to flush at, and the local stand-ins run
 * many invocations in one process, where a shared buffer would hand one request's metrics (and
 * dimensions) to another's flush. The volume is a few lines per order or email.
 */
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import { config } from './config';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE } from './metric-names';

/** What an email is for; the `kind` dimension of EmailsSent. */
export type EmailKind =
  | 'order-confirmation'
  | 'order-status'
  | 'newsletter'
  | 'newsletter-welcome'
  | 'newsletter-confirmation'
  | 'newsletter-already-subscribed'
  | 'contact-forward'
  | 'contact-acknowledgement'
  | 'account-code';

let shared: Metrics | undefined;
const metrics = (): Metrics =>
  (shared ??= new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { stage: config().stage },
  }));

function record(
  name: string,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit],
  value: number,
  dimensions: Record<string, string> = {},
): void {
  const single = metrics().singleMetric();
  for (const [dimension, dimensionValue] of Object.entries(dimensions)) single.addDimension(dimension, dimensionValue);
  single.addMetric(name, unit, value);
}

/**
 * An order was paid and confirmed. Revenue is in francs (CHF, the order's total with VAT,
 * shipping and discount applied, from the table: never the request), with unit None, as
 * CloudWatch has no currency unit; francs rather than rappen so the dashboard reads as money.
 */
export function recordOrderPlaced(totalRappen: number): void {
  record(METRIC_NAMES.ordersPlaced, MetricUnit.Count, 1);
  record(METRIC_NAMES.revenue, MetricUnit.NoUnit, totalRappen / 100);
}

/** SES accepted an email. */
export function recordEmailSent(kind: EmailKind): void {
  record(METRIC_NAMES.emailsSent, MetricUnit.Count, 1, { kind });
}

/**
 * A consumer failed one delivery of an event. EventBridge retries it, and after its retries puts
 * it in the rule's dead-letter queue without running our code, so dead letters themselves are
 * counted from the queues (SQS NumberOfMessagesSent), not here. Which event failed is in the
 * consumer's error log line; one series keeps the dashboard and the bill small.
 */
export function recordConsumerFailure(): void {
  record(METRIC_NAMES.consumerFailures, MetricUnit.Count, 1);
}
