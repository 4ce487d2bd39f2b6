import { subscribeRequest } from '@linea/shared/contracts/newsletter';
import { subscribeToNewsletter } from '../../services/subscribe-to-newsletter';
import { httpHandler, json } from '../../lib/http';

/** A sign-up (double opt-in): 202 and the same body whether or not the address was on the list. */
export const handler = httpHandler('POST /newsletter/subscribers', { body: subscribeRequest }, async ({ body }) =>
  json(202, await subscribeToNewsletter(body)),
);
