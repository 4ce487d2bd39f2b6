import { unsubscribeRequest } from '@linea/shared/contracts/newsletter';
import { NotFoundError } from '@linea/shared/errors';
import { subscribers } from '../../data/subscriber-repository';
import { httpHandler, json } from '../../lib/http';

/** The unsubscribe link's page posts here: the address leaves the list; a second click is fine too. */
export const handler = httpHandler('POST /newsletter/unsubscribe', { body: unsubscribeRequest }, async ({ body }) => {
  const result = await subscribers.unsubscribe(body.email, body.token, new Date().toISOString());
  // An unknown address and a wrong token get the same answer: the link is not valid.
  if (!result.ok) throw new NotFoundError('Subscription');
  return json(200, { email: body.email, unsubscribed: true });
});
