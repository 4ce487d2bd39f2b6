import { contactAcknowledgementEmail } from '../email/contact-acknowledgement';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';

/**
 * The shopper's receipt, a rule of its own beside the shop's copy (forward-contact-message):
 * a retry of one never sends the other twice.
 */
export const handler = eventConsumer('ContactMessageReceived', async (detail) => {
  // Reply-To is the shop's inbox, so the shopper's answer to the receipt reaches the team.
  await sendEmail(detail.email, contactAcknowledgementEmail(detail), {
    kind: 'contact-acknowledgement',
    replyTo: config().shopInboxEmail,
  });
});
