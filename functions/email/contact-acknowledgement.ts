import type { ContactMessageReceivedV1 } from '@linea/shared/contracts/events';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { fill } from './format';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * The shopper's receipt for a contact message, in the language they wrote in: that it arrived,
 * when to expect the reply (the shop's promise, SHOP_POLICY.contactReplyHours), and their own
 * words quoted, so they can see what was sent.
 */
export function contactAcknowledgementEmail(message: ContactMessageReceivedV1): RenderedEmail {
  const dictionary = serverDictionaries[message.locale].email;
  const t = dictionary.contactAcknowledgement;
  return renderEmail({
    lang: message.locale,
    subject: t.subject,
    heading: fill(t.heading, { name: message.name }),
    paragraphs: [
      fill(t.body, { hours: SHOP_POLICY.contactReplyHours }),
      ...(message.subject ? [fill(t.subjectLine, { subject: message.subject })] : []),
    ],
    quote: { label: t.quoteLabel, text: message.message },
    closing: [t.replyHint],
    footer: dictionary.footer,
  });
}
