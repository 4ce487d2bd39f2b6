import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { RuleDefinition } from '../../../functions/rules';
import { grantPermissions } from './grants';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailSender } from './notifications';
import { ShopFunction, type ShopFunctionConfig } from './shop-function';

export interface EventsProps {
  /** Usually `rules` from functions/rules.ts. */
  readonly rules: readonly RuleDefinition[];
  /** Tries after the first failed delivery, before the event is dead-lettered. */
  readonly retryAttempts: number;
  readonly maxEventAge: Duration;
  /** Everything but the bus name, which this construct owns. */
  readonly functionConfig: Omit<ShopFunctionConfig, 'eventBusName'>;
  readonly table: ITable;
  readonly emailSender: IEmailSender;
  readonly stripeSecret: ISecret;
  /** Product photos; rules with `mediaKeyPrefix` listen to its "Object Created" events. */
  readonly mediaBucket: IBucket;
  /** The storefront, whose prerendered pages the rules with `sitePages` write and invalidate. */
  readonly site: { readonly bucket: IBucket; readonly distribution: IDistribution };
}

/**
 * The domain event bus and, per rule-table entry, a rule, its consumer function, its
 * dead-letter queue and an alarm that goes off as soon as that queue holds a message: a dead
 * letter is an email not sent or a photo not processed, which someone must redrive (README,
 * "Dead letters and redrive"). The alarms notify one topic that operators subscribe to.
 */
export class Events extends Construct {
  readonly bus: IEventBus;
  /** Consumer functions by rule name. */
  readonly consumers: Readonly<Record<string, ShopFunction>>;
  /** Dead-letter queues by rule name. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** Where the dead-letter alarms notify; subscribe the operators' email or chat to it. */
  readonly alarmTopic: ITopic;
  /** Dead-letter alarms by rule name. */
  readonly deadLetterAlarms: Readonly<Record<string, Alarm>>;

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus');
    this.alarmTopic = new Topic(this, 'DeadLetterAlarmTopic', {
      displayName: 'LINEA: events were dead-lettered',
      enforceSSL: true,
    });
    const alarmAction = new SnsAction(this.alarmTopic);
    const deadLetterAlarms: Record<string, Alarm> = {};
    const consumers: Record<string, ShopFunction> = {};
    const deadLetterQueues: Record<string, IQueue> = {};

    for (const rule of props.rules) {
      if (consumers[rule.name]) {
        throw new Error(
          `Events: the rule name "${rule.name}" appears twice in functions/rules.ts; names must be unique.`,
        );
      }
      // One queue per rule, so what failed, and for which consumer, is plain from the queue.
      const deadLetterQueue = new Queue(this, `${rule.name}DeadLetterQueue`, {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const consumer = new ShopFunction(this, `${rule.name}Consumer`, {
        handlerModule: rule.consumer,
        description: `${rule.source} ${[rule.detailType].flat().join(', ')} -> ${rule.consumer}`,
        config: { ...props.functionConfig, eventBusName: this.bus.eventBusName },
        timeout: Duration.seconds(rule.lambda?.timeoutSeconds ?? 30),
        memorySize: rule.lambda?.memoryMb,
        nodeModules: rule.lambda?.nodeModules,
        ...(rule.permissions.media ? { mediaBucketName: props.mediaBucket.bucketName } : {}),
        ...(rule.permissions.sitePages
          ? {
              sitePages: {
                bucketName: props.site.bucket.bucketName,
                distributionId: props.site.distribution.distributionId,
              },
            }
          : {}),
        // EventBridge invokes asynchronously, so its retry policy only covers failed
        // deliveries. A consumer that throws is retried by Lambda's own asynchronous retries
        // (at most 2) and then dead-lettered to the same queue, so a failed email is never lost.
        retryAttempts: Math.min(props.retryAttempts, 2),
        maxEventAge: props.maxEventAge,
        deadLetterQueue,
      });
      grantPermissions(consumer, rule.permissions, {
        table: props.table,
        bus: this.bus,
        emailSender: props.emailSender,
        stripeSecret: props.stripeSecret,
        mediaBucket: props.mediaBucket,
        site: props.site,
      });
      new Rule(this, rule.name, {
        // AWS services (S3) report on the account's default bus; the shop's events on its own.
        eventBus: rule.bus === 'default' ? undefined : this.bus,
        description: `${[rule.detailType].flat().join(', ')} from ${rule.source} to ${rule.consumer}`,
        eventPattern: {
          source: [rule.source],
          detailType: [rule.detailType].flat(),
          ...(rule.mediaKeyPrefix !== undefined
            ? {
                detail: {
                  bucket: { name: [props.mediaBucket.bucketName] },
                  object: { key: [{ prefix: rule.mediaKeyPrefix }] },
                },
              }
            : {}),
        },
        targets: [
          new LambdaFunction(consumer, {
            retryAttempts: props.retryAttempts,
            maxEventAge: props.maxEventAge,
            deadLetterQueue,
          }),
        ],
      });
      const alarm = new Alarm(this, `${rule.name}DeadLetterAlarm`, {
        alarmDescription:
          `Events for ${rule.consumer} were dead-lettered: find the cause, then redrive the queue ` +
          `(README, "Dead letters and redrive"). The consumers are idempotent.`,
        // Maximum over a minute: one message is enough, however briefly it is visible.
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        // SQS reports no data for an empty, idle queue: that is the healthy state.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(alarmAction);
      consumers[rule.name] = consumer;
      deadLetterQueues[rule.name] = deadLetterQueue;
      deadLetterAlarms[rule.name] = alarm;
    }
    this.consumers = consumers;
    this.deadLetterQueues = deadLetterQueues;
    this.deadLetterAlarms = deadLetterAlarms;
  }
}
