import { confirmSubscriptionRequest } from '@linea/shared/contracts/newsletter';
import { confirmNewsletterSubscription } from '../../services/subscribe-to-newsletter';
import { httpHandler, json } from '../../lib/http';

/** The confirmation link's page posts here: the pending subscriber becomes active; a second click is fine too. */
export const handler = httpHandler('POST /newsletter/confirm', { body: confirmSubscriptionRequest }, async ({ body }) =>
  json(200, await confirmNewsletterSubscription(body)),
);
