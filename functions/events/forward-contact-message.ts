import { contactMessageEmail } from '../email/contact-message';
import { config } from '../lib/config';
import { eventConsumer } from '../lib/event-consumer';
import { sendEventEmailOnce } from '../services/send-email-once';

export const handler = eventConsumer('ContactMessageReceived', async (detail, event) => {
  // Reply-To is the shopper, so answering the email answers them.
  await sendEventEmailOnce(event, config().shopInboxEmail, contactMessageEmail(detail), {
    kind: 'contact-forward',
    replyTo: detail.email,
  });
});
