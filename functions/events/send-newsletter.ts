import { eventConsumer } from '../lib/event-consumer';
import { sendNewsletter } from '../services/send-newsletter';

export const handler = eventConsumer('NewsletterSendRequested', async (detail) => {
  await sendNewsletter(detail.newsletterId);
});
