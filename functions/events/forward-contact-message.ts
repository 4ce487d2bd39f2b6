import { contactMessageEmail } from '../email/contact-message';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';

export const handler = eventConsumer('ContactMessageReceived', async (detail) => {
  // Reply-To is the shopper, so answering the email answers them.
  await sendEmail(config().shopInboxEmail, contactMessageEmail(detail), {
    kind: 'contact-forward',
    replyTo: detail.email,
  });
});
