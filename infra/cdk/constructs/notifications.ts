import { Stack } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  SuppressionReasons,
  type IEmailIdentity,
} from 'aws-cdk-lib/aws-ses';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** Anything that can let a function send the shop's email. */
export interface IEmailSender {
  grantSendEmail(grantee: IGrantable): void;
}

export interface NotificationsProps {
  /** The sender of every email, e.g. `shop@linea.ch`; its address or its domain must be a verified SES identity in the stack's region. */
  readonly fromEmail: string;
}

/**
 * The SES sender. Identities are verified outside the stack (DNS for a domain, a click for an
 * address), so they are imported, and sending is granted on them alone, never on `*`.
 *
 * Every email is sent with one configuration set (functions get its name as
 * SES_CONFIGURATION_SET). It publishes bounces and complaints to the feedback topic, whose
 * subscriber deactivates the address (functions/topics.ts), and it puts such addresses on the
 * account's suppression list, so SES itself stops any further mail to them, transactional too.
 */
export class Notifications extends Construct implements IEmailSender {
  readonly fromEmail: string;
  readonly configurationSet: ConfigurationSet;
  /** SES's bounce and complaint events for every email the shop sends. */
  readonly feedbackTopic: ITopic;
  private readonly identities: readonly IEmailIdentity[];

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const match = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(props.fromEmail);
    if (!match?.[1]) {
      throw new Error(
        `Notifications: fromEmail "${props.fromEmail}" is not an email address. ` +
          'Pass the SES-verified sender, e.g. `npx cdk deploy -c fromEmail=shop@example.ch`.',
      );
    }
    this.fromEmail = props.fromEmail;
    // SES authorizes SendEmail against whichever identity verified the sender: the address
    // itself, or its domain when only the domain is verified. Both are scoped to this sender.
    this.identities = [
      EmailIdentity.fromEmailIdentityName(this, 'SenderAddress', props.fromEmail),
      EmailIdentity.fromEmailIdentityName(this, 'SenderDomain', match[1]),
    ];

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.feedbackTopic = new Topic(this, 'FeedbackTopic', {
      displayName: 'LINEA: SES bounces and complaints',
      enforceSSL: true,
    });
    // Also allows SES (this configuration set only) to publish to the topic.
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
  }

  grantSendEmail(grantee: IGrantable): void {
    for (const identity of this.identities) identity.grantSendEmail(grantee);
    // A send that names a configuration set is authorized on the set as well as the identity.
    Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [
        Stack.of(this).formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.configurationSet.configurationSetName,
        }),
      ],
    });
  }
}
