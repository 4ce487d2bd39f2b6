import type { ContactMessageReceivedV1 } from '@linea/shared/contracts/events';
import { dictionaries } from '@linea/shared/i18n/index';
import { renderEmail, type RenderedEmail } from './layout';

/** The shop's copy of a contact message; the team works in English, whatever the shopper wrote in. */
export function contactMessageEmail(message: ContactMessageReceivedV1): RenderedEmail {
  const t = dictionaries.en.email;
  const subject = message.subject ? `${t.contactMessage.subject}: ${message.subject}` : t.contactMessage.subject;
  return renderEmail({
    lang: 'en',
    subject,
    heading: t.contactMessage.heading,
    paragraphs: [
      `${t.contactMessage.from}: ${message.name} <${message.email}>`,
      `${t.contactMessage.received}: ${message.receivedAt} (${message.locale})`,
      ...message.message.split(/\n{2,}/),
    ],
    footer: t.footer,
  });
}
