import type { Locale } from '@linea/shared/domain/money';
import { dictionaries } from '@linea/shared/i18n/index';
import { renderEmail, type RenderedEmail } from './layout';

export function newsletterWelcomeEmail(locale: Locale, webUrl: string): RenderedEmail {
  const t = dictionaries[locale].email;
  return renderEmail({
    lang: locale,
    subject: t.newsletterWelcome.subject,
    heading: t.newsletterWelcome.heading,
    paragraphs: [t.newsletterWelcome.body],
    action: { label: t.newsletterWelcome.cta, url: `${webUrl.replace(/\/$/, '')}/products` },
    footer: t.footer,
  });
}
