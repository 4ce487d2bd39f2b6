import type { Locale } from '@linea/shared/domain/money';
import { newsletterEmailTexts } from '@linea/shared/i18n/server';
import { siteUrl } from './format';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * One subscriber's copy of a newsletter: the admin's title, subject and text (paragraphs at blank
 * lines), and the footer in the subscriber's language with their own unsubscribe link.
 */
export function newsletterEmail(
  newsletter: { title: string; subject: string; content: string },
  recipient: { locale: Locale; unsubscribeUrl: string },
): RenderedEmail {
  const t = newsletterEmailTexts[recipient.locale];
  return renderEmail({
    lang: recipient.locale,
    subject: newsletter.subject,
    heading: newsletter.title,
    paragraphs: newsletter.content
      .trim()
      .split(/(?:\r?\n[ \t]*){2,}/)
      .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ')),
    footer: t.footer,
    footerLink: { label: t.newsletter.unsubscribe, url: recipient.unsubscribeUrl },
  });
}

/** The storefront page that unsubscribes the address the link names (after a click, never on a prefetch). */
export function unsubscribeUrl(webUrl: string, email: string, token: string, locale: Locale): string {
  return siteUrl(webUrl, '/unsubscribe', { email, token, lang: locale });
}
