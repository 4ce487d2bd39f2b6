import { contactMessageRequest } from '@linea/shared/contracts/contact';
import { sendContactMessage } from '../../services/send-contact-message';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('POST /contact', { body: contactMessageRequest }, async ({ body }) =>
  json(201, await sendContactMessage(body)),
);
