import { contactAcknowledgementEmail } from '../email/contact-acknowledgement';
import { config } from '../lib/config';
import { eventConsumer } from '../lib/event-consumer';
import { sendEventEmailOnce } from '../services/send-email-once';

/**
 * The shopper's receipt, a rule of its own beside the shop's copy (forward-contact-message):
 * a retry of one never sends the other twice, and a redelivered event finds its receipt sent.
 * The form takes any address, so an address gets one receipt in MAIL_COOLDOWN_SECONDS however
 * many messages name it; the shop's copy of each message still goes to the team.
 */
export const handler = eventConsumer('ContactMessageReceived', async (detail, event) => {
  // Reply-To is the shop's inbox, so the shopper's answer to the receipt reaches the team.
  await sendEventEmailOnce(event, detail.email, contactAcknowledgementEmail(detail.locale), {
    kind: 'contact-acknowledgement',
    replyTo: config().shopInboxEmail,
    perAddressCooldown: true,
  });
});
