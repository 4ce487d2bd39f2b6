/**
 * The mail a contact message sets off: the shopper's receipt in the language they wrote in, a
 * fixed text that echoes nothing they typed, and the shop's copy with their words, telling the
 * team when (in Zürich) and in which language the message came, both read from the SES
 * emulator's mailbox.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { browserForSuite, expectToast, waitForEmail, type MailboxEmail } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** The form as each language labels it, and what the shopper should get back. */
const LANGUAGES = {
  de: {
    name: 'Name',
    email: 'E-Mail',
    subject: 'Betreff (optional)',
    message: 'Nachricht',
    send: 'Nachricht senden',
    sent: 'Nachricht erfolgreich gesendet',
    receiptSubject: 'Wir haben Ihre Nachricht erhalten',
    receiptThanks: 'Vielen Dank für Ihre Nachricht',
    receiptPromise: `Wir antworten Ihnen innert ${SHOP_POLICY.contactReplyHours} Stunden.`,
    languageName: 'German',
    words: ['Fällt der Mantel gross aus?', 'Ich trage sonst <M> & die Ärmel sind mir oft zu kurz.'],
  },
  en: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject (optional)',
    message: 'Message',
    send: 'Send Message',
    sent: 'Message sent successfully',
    receiptSubject: 'We have received your message',
    receiptThanks: 'Thank you for your message',
    receiptPromise: `We will reply within ${SHOP_POLICY.contactReplyHours} hours.`,
    languageName: 'English',
    words: ['Does the coat run large?', 'I usually wear <M> & sleeves are often too short.'],
  },
} as const;

/** "08:15" as a clock in Zürich showed it at `moment`. */
function zurichClock(moment: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zurich',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);
}

describe('the mail a contact message sends', () => {
  it.each(['de', 'en'] as const)(
    'answers a shopper writing in %s in their language, and tells the shop when in Zürich',
    async (language) => {
      const words = LANGUAGES[language];
      const run = randomUUID().slice(0, 8);
      const shopper = `contact-${run}@example.ch`;
      const subject = `Coat ${run}`;
      const { page, context, problems } = await browser.openShop({
        reducedMotion: 'reduce',
        storage: { language },
      });
      await page.goto('/contact');
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: words.name, exact: true }).fill('Lea Meier');
      await main.getByRole('textbox', { name: words.email, exact: true }).fill(shopper);
      await main.getByRole('textbox', { name: words.subject }).fill(subject);
      await main.getByRole('textbox', { name: words.message, exact: true }).fill(words.words.join('\n'));
      const sentBetween = [new Date()];
      await main.getByRole('button', { name: words.send }).click();
      await expectToast(page, words.sent);
      sentBetween.push(new Date());

      // The shopper's receipt, in their language: a fixed text, with nothing of what they typed.
      const receipt = await waitForEmail(shop.mailboxUrl, (mail) => mail.destination.to.includes(shopper));
      expect(receipt.subject).toBe(words.receiptSubject);
      expect(receipt.body.html).toContain(`<html lang="${language}">`);
      expect(receipt.body.text).toContain(words.receiptThanks);
      expect(receipt.body.text).toContain(words.receiptPromise);
      for (const typed of ['Lea Meier', subject, words.words[0]]) {
        expect(receipt.body.text).not.toContain(typed);
        expect(receipt.body.html).not.toContain(typed);
      }

      // The shop's copy: in English for the team, the time as Zürich's clock read it, the language by name.
      const copy: MailboxEmail & { replyTo?: string[] } = await waitForEmail(
        shop.mailboxUrl,
        (mail) => mail.subject === `Contact message: ${subject}`,
      );
      expect(copy.destination.to).toEqual(['team@linea.local']);
      expect(copy.replyTo).toEqual([shopper]);
      const received = /^Received: (.+)$/m.exec(copy.body.text ?? '')?.[1];
      const clocks = [...new Set(sentBetween.map(zurichClock))].join('|');
      expect(received).toMatch(
        new RegExp(
          `^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{1,2} [A-Z][a-z]+ \\d{4}, (${clocks}) \\(Zürich time\\)$`,
        ),
      );
      expect(copy.body.text).toContain(`Language: ${words.languageName}`);
      expect(copy.body.text).not.toMatch(/\((en|de)\)/);
      expect(copy.body.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      expect(copy.body.text).toContain(`> ${words.words[0]}\n> ${words.words[1]}`);
      expect(copy.body.html).toContain(words.words[1].replace('<M> &', '&lt;M&gt; &amp;'));
      expect(copy.body.html).not.toContain('<M>');

      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
