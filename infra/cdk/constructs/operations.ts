import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE } from '../../../functions/lib/metric-names';

/** The routes whose slowness costs sales: their functions' p99 duration is watched. */
export const WATCHED_LATENCY: Readonly<Record<string, { readonly routeKey: string; readonly p99Ms: number }>> = {
  Checkout: { routeKey: 'POST /checkout', p99Ms: 3000 },
  // Stripe waits up to 10 s for an answer, then retries: well before that, someone should look.
  StripeWebhook: { routeKey: 'POST /webhooks/stripe', p99Ms: 5000 },
};

/** Share of the API's answers that may be 5xx, in percent over five minutes, before the alarm goes off. */
export const API_SERVER_ERROR_PERCENT = 1;
/** Fewer requests than this in five minutes say nothing about a rate. */
const API_MIN_REQUESTS = 20;

export interface OperationsProps {
  readonly httpApi: HttpApi;
  /** The dead-letter queues' alarms (Events), shown on the dashboard beside these. */
  readonly deadLetterAlarms: Readonly<Record<string, Alarm>>;
  /** The rules' dead-letter queues (Events), whose arrivals the dashboard counts. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** The stage, a dimension of the shop's own metrics (functions/lib/metrics.ts). */
  readonly stage: string;
  /** Where every alarm goes: the operators' topic. */
  readonly topic: ITopic;
  /** An address subscribed to the topic at deploy (it confirms by the link AWS mails). @default none */
  readonly opsEmail?: string;
}

/**
 * What tells the owner the shop is unwell: alarms on the API's 5xx rate, on Lambda errors and
 * throttles, on the p99 duration of checkout and the Stripe webhook, and on the shop assistant's
 * spent token budget, all to the operators'
 * topic the dead-letter alarms use; and one dashboard with those figures and every alarm.
 *
 * Lambda's errors and throttles are the region's totals (its metrics without a function name):
 * a metric alarm takes at most 10 metrics, the stack has some 60 functions, and an alarm per
 * function would cost a resource each of CloudFormation's 500. The shop's account is assumed to
 * run the shop alone; the dashboard names the function.
 */
export class Operations extends Construct {
  readonly alarms: Readonly<Record<string, Alarm>>;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const period = Duration.minutes(5);
    const action = new SnsAction(props.topic);
    if (props.opsEmail) props.topic.addSubscription(new EmailSubscription(props.opsEmail));

    const requests = props.httpApi.metricCount({ period, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    const serverErrorPercent = new MathExpression({
      label: 'API 5xx (%)',
      expression: `IF(requests >= ${API_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
    });

    const lambdaErrors = LambdaFunction.metricAllErrors({ period, statistic: 'Sum' });
    const lambdaThrottles = LambdaFunction.metricAllThrottles({ period, statistic: 'Sum' });

    const alarms: Record<string, Alarm> = {};
    const alarm = (
      name: string,
      metric: IMetric,
      threshold: number,
      description: string,
      options: { evaluationPeriods?: number; datapointsToAlarm?: number } = {},
    ): void => {
      const created = new Alarm(this, `${name}Alarm`, {
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.evaluationPeriods ?? 1,
        datapointsToAlarm: options.datapointsToAlarm ?? 1,
        // No traffic is not an outage of these figures: quiet nights stay green.
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(action);
      alarms[name] = created;
    };

    alarm(
      'ApiServerErrors',
      serverErrorPercent,
      API_SERVER_ERROR_PERCENT,
      `More than ${API_SERVER_ERROR_PERCENT}% of the API's answers were 5xx in two of three 5-minute periods ` +
        `(with at least ${API_MIN_REQUESTS} requests): shoppers see errors. Look at the function log group for ERROR lines.`,
      { evaluationPeriods: 3, datapointsToAlarm: 2 },
    );
    alarm(
      'LambdaErrors',
      lambdaErrors,
      5,
      "5 or more Lambda invocations failed in 5 minutes (the region's functions): a consumer retrying, a crash or a timeout. " +
        'The dashboard names the function; its log stream the cause.',
    );
    alarm(
      'LambdaThrottles',
      lambdaThrottles,
      1,
      "Lambda refused invocations for want of concurrency (the region's functions): raise the account's concurrency " +
        'limit or find what floods the shop.',
    );
    const watchedDurations: IMetric[] = [];
    for (const [name, watched] of Object.entries(WATCHED_LATENCY)) {
      // The route's own figure (the Api construct turns on its detailed metrics): its function
      // serves the other routes of its area too, so the function's duration would mix them.
      const [method, resource] = watched.routeKey.split(' ');
      const duration = new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'IntegrationLatency',
        dimensionsMap: {
          ApiId: props.httpApi.apiId,
          Stage: '$default',
          Method: method ?? '',
          Resource: resource ?? '',
        },
        statistic: 'p99',
        period,
      });
      watchedDurations.push(duration.with({ label: watched.routeKey }));
      alarm(
        `${name}Latency`,
        duration,
        watched.p99Ms,
        `${watched.routeKey} took ${watched.p99Ms} ms or more at p99 in two of three 5-minute periods.`,
        { evaluationPeriods: 3, datapointsToAlarm: 2 },
      );
    }

    // The shop's own metrics, written by the functions as EMF lines (functions/lib/metrics.ts).
    const shopMetric = (metricName: string, label?: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: METRICS_SERVICE, stage: props.stage },
        statistic: 'Sum',
        period,
        ...(label ? { label } : {}),
      });
    // Unlabelled: a labelled metric makes the alarm a metric-math alarm, for no gain.
    const chatTurnedAway = shopMetric(METRIC_NAMES.chatTokenBudgetSpent);
    alarm(
      'ChatTokenBudget',
      chatTurnedAway,
      1,
      "The shop assistant's model-token budget for the day (DAILY_CHAT_TOKEN_BUDGET, functions/services/chat-budget.ts) " +
        'is spent: every shopper sees it unavailable until midnight UTC. Look at its questions in the log ' +
        '(http/chat/post-chat): a busy day, or one caller with many addresses; raise the budget or block the source.',
    );
    this.alarms = alarms;
    const emailsByKind = new MathExpression({
      expression:
        `SEARCH('{${METRICS_NAMESPACE},service,stage,kind} MetricName="${METRIC_NAMES.emailsSent}" ` +
        `service="${METRICS_SERVICE}" stage="${props.stage}"', 'Sum', ${period.toSeconds()})`,
      label: '',
      period,
    });
    // EventBridge puts an event its target could not take into the rule's queue without running
    // any code of ours, so dead letters are counted where they arrive: SendMessage by EventBridge
    // counts in NumberOfMessagesSent (only an SQS redrive would not). One sum over every queue.
    const queues = Object.values(props.deadLetterQueues);
    const deadLettersSent = new MathExpression({
      expression: queues.length ? `SUM([${queues.map((_, index) => `q${index}`).join(',')}])` : '0',
      usingMetrics: Object.fromEntries(
        queues.map((queue, index) => [`q${index}`, queue.metricNumberOfMessagesSent({ period, statistic: 'Sum' })]),
      ),
      label: 'Dead letters (events put in a dead-letter queue)',
      period,
    });

    const allAlarms: IAlarm[] = [...Object.values(alarms), ...Object.values(props.deadLetterAlarms)];
    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(6),
      widgets: [
        [new AlarmStatusWidget({ title: 'Alarms', alarms: allAlarms, width: 24 })],
        [
          new GraphWidget({
            title: 'API requests and errors',
            left: [requests, props.httpApi.metricClientError({ period, statistic: 'Sum' }), serverErrors],
            width: 12,
          }),
          new GraphWidget({
            title: 'API latency',
            left: [
              props.httpApi.metricLatency({ period, statistic: 'p50' }),
              props.httpApi.metricLatency({ period, statistic: 'p99' }),
            ],
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Checkout and Stripe webhook, p99 duration',
            left: watchedDurations,
            width: 12,
          }),
          new GraphWidget({
            title: 'Lambda errors and throttles',
            left: [lambdaErrors, lambdaThrottles],
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Orders placed and revenue (CHF)',
            left: [shopMetric(METRIC_NAMES.ordersPlaced, 'Orders placed')],
            right: [shopMetric(METRIC_NAMES.revenue, 'Revenue (CHF)')],
            width: 12,
          }),
          new GraphWidget({
            title: 'Emails sent, by kind',
            left: [emailsByKind],
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Dead letters and failed deliveries',
            left: [deadLettersSent],
            right: [shopMetric(METRIC_NAMES.consumerFailures, 'Failed deliveries (retried)')],
            width: 12,
          }),
          new GraphWidget({
            title: 'Dead letters waiting, by rule',
            left: Object.entries(props.deadLetterAlarms).map(([rule, deadLetterAlarm]) =>
              deadLetterAlarm.metric instanceof Metric
                ? deadLetterAlarm.metric.with({ label: rule })
                : deadLetterAlarm.metric,
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Shop assistant: questions turned away, its token budget spent',
            left: [chatTurnedAway.with({ label: 'Questions turned away (token budget spent)' })],
            width: 12,
          }),
        ],
      ],
    });
  }
}
