import { describe, expect, it } from 'vitest';
import { hasHeaderUnsafeCharacters } from '../domain/header-text';
import { HEADER_UNSAFE_MESSAGE } from './common';
import { contactMessageRequest } from './contact';
import { createNewsletterRequest, subscribeRequest } from './newsletter';

/** A line break (of every kind mail programs know), or another C0/C1 control character. */
const UNSAFE = ['\r\n', '\n', '\r', '\t', '\v', '\f', '\0', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'];

const contact = { name: 'Anna Muster', email: 'anna@example.com', subject: 'Sizing', message: 'Hello' };

/** The fields a failed parse names, each with its messages. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

describe('text that reaches an email header', () => {
  it.each(UNSAFE)('is refused by the contact form when its name or subject holds %j inside', (character) => {
    const result = contactMessageRequest.safeParse({
      ...contact,
      name: `Anna${character}Muster`,
      subject: `Sizing${character}Bcc: victim@example.com`,
    });
    expect(issues(result)).toEqual([
      { field: 'name', message: HEADER_UNSAFE_MESSAGE },
      { field: 'subject', message: HEADER_UNSAFE_MESSAGE },
    ]);
  });

  it('is refused by the email address fields when it holds a line break', () => {
    expect(
      contactMessageRequest.safeParse({ ...contact, email: 'anna@example.com\r\nBcc: x@example.com' }).success,
    ).toBe(false);
    expect(subscribeRequest.safeParse({ email: 'anna@example.com\nBcc: x@example.com' }).success).toBe(false);
  });

  it.each(UNSAFE)('is refused as a newsletter subject when it holds %j', (character) => {
    const result = createNewsletterRequest.safeParse({ title: 'Autumn', subject: `New${character}in`, content: 'Hi' });
    expect(issues(result)).toEqual([{ field: 'subject', message: HEADER_UNSAFE_MESSAGE }]);
  });

  it('keeps what a person types: accents, dashes, emoji, and breaks in the message body and around the edges', () => {
    const result = contactMessageRequest.safeParse({
      ...contact,
      name: ' Zoë Müller-Lüdenscheidt\n',
      subject: 'Größe – passt der Mantel? 🧥',
      message: 'Line one\r\nLine two\n\nThanks',
    });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Zoë Müller-Lüdenscheidt');
    expect(
      createNewsletterRequest.safeParse({ title: 'A\nB', subject: 'Neu: Herbst 2026', content: 'x\n\ny' }).success,
    ).toBe(true);
  });

  it('counts every C0 and C1 control and the two Unicode separators as unsafe, and nothing printable', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
      0x2028,
      0x2029,
    ];
    for (const code of controls)
      expect(hasHeaderUnsafeCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
    for (const text of ['Anna', 'Zoë', '–', '€', '\u00a0', '🧥']) expect(hasHeaderUnsafeCharacters(text)).toBe(false);
  });
});
