import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { RoutePermissions } from '../../../functions/routes';
import type { RuleDefinition } from '../../../functions/rules';
import type { TopicName, TopicSubscriberDefinition } from '../../../functions/topics';
import { grantPermissions } from './grants';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailSender } from './notifications';
import { ShopFunction, type ShopFunctionConfig } from './shop-function';

export interface EventsProps {
  /** Usually `rules` from functions/rules.ts. */
  readonly rules: readonly RuleDefinition[];
  /** Usually `topicSubscribers` from functions/topics.ts. @default none */
  readonly topicSubscribers?: readonly TopicSubscriberDefinition[];
  /** The topics those subscribers listen to. */
  readonly topics: Readonly<Record<TopicName, ITopic>>;
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
 * Each topic-table entry gets the same consumer, queue and alarm, subscribed to its SNS topic.
 */
export class Events extends Construct {
  readonly bus: IEventBus;
  /** Consumer functions by rule name (and topic subscriber name). */
  readonly consumers: Readonly<Record<string, ShopFunction>>;
  /** Dead-letter queues by rule name (and topic subscriber name). */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** Where the dead-letter alarms notify; subscribe the operators' email or chat to it. */
  readonly alarmTopic: ITopic;
  /** Dead-letter alarms by rule name (and topic subscriber name). */
  readonly deadLetterAlarms: Readonly<Record<string, Alarm>>;
  private readonly props: EventsProps;
  private readonly alarmAction: SnsAction;

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus');
    this.alarmTopic = new Topic(this, 'DeadLetterAlarmTopic', {
      displayName: 'LINEA: events were dead-lettered',
      enforceSSL: true,
    });
    this.props = props;
    this.alarmAction = new SnsAction(this.alarmTopic);
    const deadLetterAlarms: Record<string, Alarm> = {};
    const consumers: Record<string, ShopFunction> = {};
    const deadLetterQueues: Record<string, IQueue> = {};
    const assertUnique = (name: string): void => {
      if (consumers[name]) {
        throw new Error(
          `Events: the name "${name}" appears twice in functions/rules.ts and topics.ts; names must be unique.`,
        );
      }
    };
    const add = (name: string, made: { consumer: ShopFunction; deadLetterQueue: IQueue; alarm: Alarm }): void => {
      consumers[name] = made.consumer;
      deadLetterQueues[name] = made.deadLetterQueue;
      deadLetterAlarms[name] = made.alarm;
    };

    for (const rule of props.rules) {
      assertUnique(rule.name);
      const made = this.consumerWithDeadLetters(rule.name, {
        module: rule.consumer,
        description: `${rule.source} ${[rule.detailType].flat().join(', ')} -> ${rule.consumer}`,
        permissions: rule.permissions,
        lambda: rule.lambda,
        ruleRetries: true,
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
          new LambdaFunction(made.consumer, {
            retryAttempts: props.retryAttempts,
            maxEventAge: props.maxEventAge,
            deadLetterQueue: made.deadLetterQueue,
          }),
        ],
      });
      add(rule.name, made);
    }

    for (const subscriber of props.topicSubscribers ?? []) {
      assertUnique(subscriber.name);
      const made = this.consumerWithDeadLetters(subscriber.name, {
        module: subscriber.consumer,
        description: `SNS ${subscriber.topic} -> ${subscriber.consumer}`,
        permissions: subscriber.permissions,
      });
      // SNS retries a Lambda endpoint itself (for days); what it still cannot deliver goes to the
      // same queue as the function's own failed invocations.
      props.topics[subscriber.topic].addSubscription(
        new LambdaSubscription(made.consumer, { deadLetterQueue: made.deadLetterQueue }),
      );
      add(subscriber.name, made);
    }
    this.consumers = consumers;
    this.deadLetterQueues = deadLetterQueues;
    this.deadLetterAlarms = deadLetterAlarms;
  }

  /**
   * A consumer function with its dead-letter queue (Lambda's asynchronous retries end there)
   * and the alarm on that queue. One queue per consumer, so what failed, and where, is plain.
   */
  private consumerWithDeadLetters(
    name: string,
    spec: {
      readonly module: string;
      readonly description: string;
      readonly permissions: RoutePermissions;
      readonly lambda?: RuleDefinition['lambda'];
      /**
       * Lambda's asynchronous retries and event age as the rules' (an EventInvokeConfig);
       * without, Lambda's defaults: 2 retries, events kept 6 hours, and one resource fewer.
       */
      readonly ruleRetries?: boolean;
    },
  ): { consumer: ShopFunction; deadLetterQueue: IQueue; alarm: Alarm } {
    const { props } = this;
    const deadLetterQueue = new Queue(this, `${name}DeadLetterQueue`, {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const consumer = new ShopFunction(this, `${name}Consumer`, {
      handlerModule: spec.module,
      description: spec.description,
      config: { ...props.functionConfig, eventBusName: this.bus.eventBusName },
      timeout: Duration.seconds(spec.lambda?.timeoutSeconds ?? 30),
      memorySize: spec.lambda?.memoryMb,
      nodeModules: spec.lambda?.nodeModules,
      reactDomServer: spec.lambda?.reactDomServer,
      ...(spec.permissions.media ? { mediaBucketName: props.mediaBucket.bucketName } : {}),
      ...(spec.permissions.sitePages
        ? {
            sitePages: {
              bucketName: props.site.bucket.bucketName,
              distributionId: props.site.distribution.distributionId,
            },
          }
        : {}),
      // EventBridge and SNS invoke asynchronously, so their retries only cover failed
      // deliveries. A consumer that throws is retried by Lambda's own asynchronous retries
      // (at most 2) and then dead-lettered to the same queue, so a failed email is never lost.
      ...(spec.ruleRetries ? { retryAttempts: Math.min(props.retryAttempts, 2), maxEventAge: props.maxEventAge } : {}),
      deadLetterQueue,
    });
    grantPermissions(consumer, spec.permissions, {
      table: props.table,
      bus: this.bus,
      emailSender: props.emailSender,
      stripeSecret: props.stripeSecret,
      mediaBucket: props.mediaBucket,
      site: props.site,
    });
    const alarm = new Alarm(this, `${name}DeadLetterAlarm`, {
      alarmDescription:
        `Events for ${spec.module} were dead-lettered: find the cause, then redrive the queue ` +
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
    alarm.addAlarmAction(this.alarmAction);
    return { consumer, deadLetterQueue, alarm };
  }
}
