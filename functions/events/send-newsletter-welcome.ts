import { newsletterWelcomeEmail } from '../email/newsletter-welcome';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';

export const handler = eventConsumer('NewsletterSubscribed', async (detail) => {
  await sendEmail(detail.email, newsletterWelcomeEmail(detail.locale, config().webUrl));
});
