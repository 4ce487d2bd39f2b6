import { describe, expect, it } from 'vitest';
import type { ContactMessageReceivedV1 } from '@linea/shared/contracts/events';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { contactAcknowledgementEmail } from './contact-acknowledgement';
import { contactMessageEmail } from './contact-message';

/** Received 07:15 UTC on a winter Monday: 08:15 in Zürich (CET, UTC+1). */
const message = (overrides: Partial<ContactMessageReceivedV1> = {}): ContactMessageReceivedV1 => ({
  version: 1,
  messageId: 'm-1',
  name: 'Lea Meier',
  email: 'lea@example.ch',
  subject: 'Sizing',
  message: 'Does the coat run large?\nI usually wear M.\n\nThanks!',
  locale: 'de',
  receivedAt: '2026-11-23T07:15:00.000Z',
  ...overrides,
});

const hostile = '<script>alert("x")</script> & <b>bold</b>';

describe('contactAcknowledgementEmail', () => {
  it('thanks the shopper in German and promises the reply time', () => {
    const email = contactAcknowledgementEmail('de');

    expect(email.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(email.html).toContain('<html lang="de">');
    expect(email.text).toContain('Vielen Dank für Ihre Nachricht');
    expect(email.text).toContain(`Wir antworten Ihnen innert ${SHOP_POLICY.contactReplyHours} Stunden.`);
    expect(email.text).toContain('Antworten Sie einfach auf diese E-Mail.');
    expect(email.text).toContain('Falls Sie uns nicht geschrieben haben, können Sie diese E-Mail ignorieren.');
  });

  it('writes to an English-speaking shopper in English', () => {
    const email = contactAcknowledgementEmail('en');

    expect(email.subject).toBe('We have received your message');
    expect(email.html).toContain('<html lang="en">');
    expect(email.text).toContain('Thank you for your message');
    expect(email.text).toContain(`We will reply within ${SHOP_POLICY.contactReplyHours} hours.`);
    expect(email.text).toContain('If you did not write to us, you can ignore this email.');
  });
});

describe('contactMessageEmail (the shop’s copy)', () => {
  it('shows when the message arrived in Zürich time and its language by name, in English', () => {
    const email = contactMessageEmail(message({ locale: 'de' }));

    expect(email.subject).toBe('Contact message: Sizing');
    expect(email.html).toContain('<html lang="en">');
    expect(email.text).toContain('From: Lea Meier <lea@example.ch>');
    expect(email.text).toContain('Received: Monday, 23 November 2026, 08:15 (Zürich time)');
    expect(email.text).toContain('Language: German');
    expect(email.text).not.toContain('(de)');
    expect(email.text).not.toContain('2026-11-23T07:15');
    expect(email.text).toContain('Message:\n> Does the coat run large?\n> I usually wear M.');
    // The quoted words are marked as German for screen readers and translation tools.
    expect(email.html).toContain('<blockquote lang="de"');
  });

  it('follows summer time and names English as English', () => {
    const email = contactMessageEmail(message({ locale: 'en', receivedAt: '2026-07-04T22:05:00.000Z' }));

    expect(email.text).toContain('Received: Sunday, 5 July 2026, 00:05 (Zürich time)');
    expect(email.text).toContain('Language: English');
    expect(email.text).not.toContain('(en)');
  });

  it('escapes the shopper’s name, address and message', () => {
    const email = contactMessageEmail(message({ name: hostile, message: hostile }));

    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('From: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('<blockquote lang="de" style="');
    expect(email.html).toContain('&amp; &lt;b&gt;bold&lt;/b&gt;</p></blockquote>');
  });

  it('shows an unreadable timestamp as it came rather than failing the send', () => {
    expect(contactMessageEmail(message({ receivedAt: 'yesterday' })).text).toContain('Received: yesterday');
  });
});
