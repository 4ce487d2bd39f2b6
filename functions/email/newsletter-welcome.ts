import type { Locale } from '@linea/shared/domain/money';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { siteUrl } from './format';
import { callToActionEmail, type RenderedEmail } from './layout';

export function newsletterWelcomeEmail(locale: Locale, webUrl: string): RenderedEmail {
  const t = serverDictionaries[locale].email;
  return callToActionEmail(locale, t.newsletterWelcome, siteUrl(webUrl, '/products'), t.footer);
}
