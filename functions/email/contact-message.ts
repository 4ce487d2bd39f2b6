import type { ContactMessageReceivedV1 } from '@linea/shared/contracts/events';
import type { Locale } from '@linea/shared/domain/money';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { fill, languageName, zurichDateTime } from './format';
import { renderEmail, type RenderedEmail } from './layout';

/** The team works in English, whatever the shopper wrote in. */
const TEAM_LOCALE: Locale = 'en';

/**
 * The shop's copy of a contact message: who wrote, when in Zürich time, in which language
 * (the language the team answers in), and their words quoted as typed.
 */
export function contactMessageEmail(message: ContactMessageReceivedV1): RenderedEmail {
  const t = serverDictionaries[TEAM_LOCALE].email;
  const subject = message.subject ? `${t.contactMessage.subject}: ${message.subject}` : t.contactMessage.subject;
  const received = zurichDateTime(message.receivedAt, TEAM_LOCALE);
  return renderEmail({
    lang: TEAM_LOCALE,
    subject,
    heading: t.contactMessage.heading,
    paragraphs: [
      `${t.contactMessage.from}: ${message.name} <${message.email}>`,
      `${t.contactMessage.received}: ${received ? fill(t.contactMessage.receivedAt, received) : message.receivedAt}`,
      `${t.contactMessage.language}: ${languageName(message.locale, TEAM_LOCALE)}`,
    ],
    quote: { label: t.contactMessage.message, text: message.message, lang: message.locale },
    footer: t.footer,
  });
}
