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
  chatTokenBudgetSpent: 'ChatTokenBudgetSpent',
} as const;

/**
 * The metric the local event bus writes as an EMF line when it dead-letters an event. In the
 * cloud EventBridge puts the event into the rule's queue without running our code, and the
 * dashboard counts the queues' NumberOfMessagesSent instead; locally this line stands in for it.
 */
export const LOCAL_DEAD_LETTER_METRIC = 'DeadLetters';

/**
 * One EMF line counting one of `metric` under the shop's namespace and dimensions, as
 * Powertools' single-metric mode would write it; `properties` are searchable in the log only.
 */
export function countEmfLine(
  stage: string,
  metric: string,
  now: Date = new Date(),
  properties: Readonly<Record<string, string>> = {},
): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', 'stage']],
          Metrics: [{ Name: metric, Unit: 'Count' }],
        },
      ],
    },
    service: METRICS_SERVICE,
    stage,
    ...properties,
    [metric]: 1,
  });
}

/** One EMF line counting one dead letter of `rule`. */
export function deadLetterEmfLine(stage: string, rule: string, now: Date = new Date()): string {
  return countEmfLine(stage, LOCAL_DEAD_LETTER_METRIC, now, { rule });
}
