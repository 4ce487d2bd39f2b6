import type { Locale } from '@linea/shared/domain/money';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { siteUrl } from './format';
import { callToActionEmail, type RenderedEmail } from './layout';

/** The confirmation page's link: it asks first and confirms on a click, so a mail scanner confirms nobody. */
export function newsletterConfirmUrl(webUrl: string, email: string, token: string, locale: Locale): string {
  return siteUrl(webUrl, '/newsletter/confirm', { email, token, lang: locale });
}

/** Double opt-in: the link that makes a sign-up a subscription. */
export function newsletterConfirmationEmail(
  locale: Locale,
  webUrl: string,
  email: string,
  token: string,
): RenderedEmail {
  const t = serverDictionaries[locale].email;
  return callToActionEmail(
    locale,
    t.newsletterConfirmation,
    newsletterConfirmUrl(webUrl, email, token, locale),
    t.footer,
    [t.newsletterConfirmation.ignore],
  );
}

/** A sign-up for an address already on the list: a short note to its owner, not a second subscription. */
export function newsletterAlreadySubscribedEmail(locale: Locale, webUrl: string): RenderedEmail {
  const t = serverDictionaries[locale].email;
  return callToActionEmail(locale, t.newsletterAlreadySubscribed, siteUrl(webUrl, '/products'), t.footer);
}
