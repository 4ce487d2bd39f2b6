import type { Locale } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { fill } from './format';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * The shopper's receipt for a contact message, in the language they wrote in: that it arrived
 * and when to expect the reply (the shop's promise, SHOP_POLICY.contactReplyHours). A fixed text
 * that takes nothing of the form: anyone may type any address into it, so a receipt that echoed
 * the name, subject or message would let a stranger mail their own words to anyone from the
 * shop's address. The team's copy (contact-message.ts) keeps everything.
 */
export function contactAcknowledgementEmail(locale: Locale): RenderedEmail {
  const dictionary = serverDictionaries[locale].email;
  const t = dictionary.contactAcknowledgement;
  return renderEmail({
    lang: locale,
    subject: t.subject,
    heading: t.heading,
    paragraphs: [fill(t.body, { hours: SHOP_POLICY.contactReplyHours })],
    closing: [t.replyHint, t.notYou],
    footer: dictionary.footer,
  });
}
