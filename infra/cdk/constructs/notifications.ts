import { EmailIdentity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
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
 */
export class Notifications extends Construct implements IEmailSender {
  readonly fromEmail: string;
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
  }

  grantSendEmail(grantee: IGrantable): void {
    for (const identity of this.identities) identity.grantSendEmail(grantee);
  }
}
