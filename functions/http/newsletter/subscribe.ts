import { subscribeRequest } from '@linea/shared/contracts/newsletter';
import { subscribeToNewsletter } from '../../services/subscribe-to-newsletter';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('POST /newsletter/subscribers', { body: subscribeRequest }, async ({ body }) =>
  json(201, await subscribeToNewsletter(body)),
);
