import type { SNSEvent } from 'aws-lambda';
import { sesFeedbackMessage, snsEvent, type SesFeedbackMessage } from '@linea/shared/contracts/email-feedback';
import { subscribers, type DeactivationReason } from '../data/subscriber-repository';
import { awsInvocation } from '../lib/aws-invocation';
import { logger } from '../lib/logger';

interface Deactivation {
  readonly reason: DeactivationReason;
  readonly recipients: readonly string[];
  readonly at: string;
  readonly feedbackId: string;
}

/** A permanent bounce or any complaint takes its recipients off the list; other bounces do not. */
function deactivationOf(message: SesFeedbackMessage): Deactivation | undefined {
  if ('bounce' in message) {
    const { bounce } = message;
    if (bounce.bounceType !== 'Permanent') {
      // SES gave up for now (a full mailbox, a greylisting server): the address may work tomorrow.
      logger.info('bounce not permanent: address kept', {
        bounceType: bounce.bounceType,
        bounceSubType: bounce.bounceSubType,
        feedbackId: bounce.feedbackId,
        messageId: message.mail.messageId,
      });
      return undefined;
    }
    return {
      reason: 'bounced',
      recipients: bounce.bouncedRecipients.map((recipient) => recipient.emailAddress),
      at: bounce.timestamp,
      feedbackId: bounce.feedbackId,
    };
  }
  const { complaint } = message;
  return {
    reason: 'complained',
    recipients: complaint.complainedRecipients.map((recipient) => recipient.emailAddress),
    at: complaint.timestamp,
    feedbackId: complaint.feedbackId,
  };
}

/**
 * SES's bounces and complaints, from the configuration set's SNS topic: each affected newsletter
 * subscriber is deactivated (subscriber-repository `deactivate`, idempotent). SES's account-level
 * suppression list already keeps other mail from such an address; this keeps the list honest.
 * A message that does not parse throws, so Lambda retries it and then dead-letters it.
 */
export const handler = awsInvocation(async (event: SNSEvent): Promise<void> => {
  for (const record of snsEvent.parse(event).Records) {
    const deactivation = deactivationOf(sesFeedbackMessage.parse(JSON.parse(record.Sns.Message)));
    if (!deactivation) continue;
    for (const email of deactivation.recipients) {
      const changed = await subscribers.deactivate(
        email,
        deactivation.reason,
        deactivation.at,
        deactivation.feedbackId,
      );
      logger.info(changed ? 'subscriber deactivated' : 'not a subscriber, or deactivated already: nothing to do', {
        reason: deactivation.reason,
        feedbackId: deactivation.feedbackId,
        snsMessageId: record.Sns.MessageId,
      });
    }
  }
});
