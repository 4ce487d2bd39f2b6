import type { Locale } from '../domain/money';
import { emailFooterDe, newsletterEmailDe, serverDe } from './server-de';
import { emailFooterEn, newsletterEmailEn, serverEn, type ServerTexts } from './server-en';

/**
 * The texts the functions use, by language: a slice of the dictionaries (en.ts and de.ts take
 * these sections from the same modules), so a Lambda bundle carries a few KiB of texts instead
 * of the whole storefront's (~75 KiB).
 */
export const serverDictionaries: Record<Locale, ServerTexts> = { en: serverEn, de: serverDe };

/**
 * A newsletter email's texts alone: the footer and the unsubscribe link. The newsletter send needs
 * no other, and without the whole dictionaries of both languages its bundle is ~8 KiB smaller.
 */
export const newsletterEmailTexts: Record<
  Locale,
  { footer: ServerTexts['email']['footer']; newsletter: ServerTexts['email']['newsletter'] }
> = {
  en: { footer: emailFooterEn, newsletter: newsletterEmailEn },
  de: { footer: emailFooterDe, newsletter: newsletterEmailDe },
};
