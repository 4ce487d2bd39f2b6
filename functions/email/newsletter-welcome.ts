import type { Locale } from '@linea/shared/domain/money';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { siteUrl } from './format';
import { renderEmail, type RenderedEmail } from './layout';

export function newsletterWelcomeEmail(locale: Locale, webUrl: string): RenderedEmail {
  const t = serverDictionaries[locale].email;
  return renderEmail({
    lang: locale,
    subject: t.newsletterWelcome.subject,
    heading: t.newsletterWelcome.heading,
    paragraphs: [t.newsletterWelcome.body],
    action: { label: t.newsletterWelcome.cta, url: siteUrl(webUrl, '/products') },
    footer: t.footer,
  });
}
