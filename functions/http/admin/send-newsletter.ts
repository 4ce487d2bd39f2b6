import { newsletterPathParams, sendNewsletterRequest } from '@linea/shared/contracts/newsletter';
import { newsletters, toNewsletterDto } from '../../data/newsletter-repository';
import { publish } from '../../lib/events';
import { httpHandler, json } from '../../lib/http';

/**
 * Starts the send (202: it runs in the background, its progress in GET /admin/newsletters).
 * Idempotent: asked again while it is sending, it asks the sender to resume (which mails only
 * whoever has not had it yet); once sent, it changes nothing.
 */
export const handler = httpHandler(
  'POST /admin/newsletters/{id}/send',
  { params: newsletterPathParams, body: sendNewsletterRequest },
  async ({ params, body, actor }) => {
    const at = new Date().toISOString();
    const { outcome, newsletter } = await newsletters.startSending(params.id, body.fromEmail, actor, at);
    if (outcome !== 'sent') {
      await publish('NewsletterSendRequested', { version: 1, newsletterId: params.id, requestedAt: at });
    }
    return json(202, toNewsletterDto(newsletter));
  },
);
