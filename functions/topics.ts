/**
 * The topic table: functions that AWS services call through an SNS topic rather than through a
 * route, an event rule or a Cognito trigger. The CDK Events construct subscribes each consumer
 * to its topic, with a dead-letter queue and alarm as for a rule; the local cloud invokes the
 * same consumer with SNS-shaped events, retrying and dead-lettering as its bus does.
 */
import { PARTITION_PREFIX } from './data/keys';
import type { RoutePermissions } from './routes';

/**
 * `emailFeedback`: the SES configuration set's bounce and complaint events (the Notifications
 * construct's topic; locally, the SES emulator's mail to the mailbox simulator).
 */
export type TopicName = 'emailFeedback';

export interface TopicSubscriberDefinition {
  /** Stable name; also the consumer's construct id, so never rename one that is deployed. */
  readonly name: string;
  readonly topic: TopicName;
  /** Module under functions/ that exports `handler`. */
  readonly consumer: string;
  readonly permissions: RoutePermissions;
}

export const topicSubscribers = [
  {
    // A permanent bounce or a complaint deactivates the newsletter subscriber.
    name: 'EmailFeedback',
    topic: 'emailFeedback',
    consumer: 'events/handle-email-feedback',
    // A conditional update of the subscriber: no read, no other partition.
    permissions: { table: { write: [PARTITION_PREFIX.subscriber] } },
  },
] as const satisfies readonly TopicSubscriberDefinition[];
