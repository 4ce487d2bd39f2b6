import { handler as subscribe } from '../http/newsletter/subscribe';
import { handler as confirm } from '../http/newsletter/confirm';
import { handler as unsubscribe } from '../http/newsletter/unsubscribe';
import { handler as sendContactMessage } from '../http/contact/send-contact-message';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('forms', {
  'POST /newsletter/subscribers': subscribe,
  'POST /newsletter/confirm': confirm,
  'POST /newsletter/unsubscribe': unsubscribe,
  'POST /contact': sendContactMessage,
});
