/**
 * The hosted pages' texts in English and German (the shop's languages); other locales get
 * English, and `<html lang>` always names the language the page is actually written in.
 */
import type { FormField, PageAction } from './customer-form';

export type PageLanguage = 'en' | 'de';

export interface Texts {
  readonly title: string;
  readonly testMode: string;
  readonly summary: string;
  readonly item: string;
  readonly quantity: string;
  readonly amount: string;
  readonly subtotal: string;
  readonly discount: string;
  readonly shipping: string;
  readonly total: string;
  readonly contact: string;
  readonly shippingAddress: string;
  readonly payment: string;
  readonly paymentHint: string;
  readonly labels: Record<FormField, string>;
  readonly actions: Record<PageAction, string>;
  readonly declined: string;
  readonly fixErrors: string;
  readonly required: Record<FormField, string>;
  readonly invalid: Record<FormField, string>;
  readonly completeTitle: string;
  readonly completeText: string;
  readonly expiredTitle: string;
  readonly expiredText: string;
  readonly notFoundTitle: string;
  readonly notFoundText: string;
  readonly badRequestTitle: string;
  readonly badRequestText: string;
  readonly backToShop: string;
}

export const TEXTS: Record<PageLanguage, Texts> = {
  en: {
    title: 'Checkout',
    testMode: 'Test mode',
    summary: 'Order summary',
    item: 'Item',
    quantity: 'Qty',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total due',
    contact: 'Contact information',
    shippingAddress: 'Shipping address',
    payment: 'Payment',
    paymentHint: 'This is the local stand-in for Stripe Checkout: no card is charged. Choose the outcome to simulate.',
    labels: {
      email: 'Email',
      name: 'Full name',
      line1: 'Address',
      postal_code: 'Postal code',
      city: 'City',
      country: 'Country',
    },
    actions: {
      pay: 'Pay',
      pay_later: 'Pay later',
      pay_later_fail: 'Pay later (fails)',
      decline: 'Decline',
      cancel: 'Cancel',
    },
    declined: 'Your card was declined.',
    fixErrors: 'Please correct the following:',
    required: {
      email: 'Enter your email address.',
      name: 'Enter your full name.',
      line1: 'Enter your address.',
      postal_code: 'Enter your postal code.',
      city: 'Enter your city.',
      country: 'Choose a country.',
    },
    invalid: {
      email: 'Your email address is invalid.',
      name: 'Enter your full name.',
      line1: 'Enter your address.',
      postal_code: 'Your postal code is invalid.',
      city: 'Enter your city.',
      country: 'This country is not available for shipping.',
    },
    completeTitle: 'Payment complete',
    completeText: 'This checkout session is complete. You can close this page.',
    expiredTitle: 'Checkout session expired',
    expiredText: 'This checkout session has expired. Return to the shop to start again.',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no checkout session at this address.',
    badRequestTitle: 'Something went wrong',
    badRequestText: 'The form could not be processed. Go back and try again.',
    backToShop: 'Return to the shop',
  },
  de: {
    title: 'Bezahlung',
    testMode: 'Testmodus',
    summary: 'Bestellübersicht',
    item: 'Artikel',
    quantity: 'Menge',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    shipping: 'Versand',
    total: 'Fälliger Betrag',
    contact: 'Kontaktdaten',
    shippingAddress: 'Lieferadresse',
    payment: 'Zahlung',
    paymentHint:
      'Dies ist der lokale Ersatz für Stripe Checkout: Es wird keine Karte belastet. Wählen Sie das Ergebnis, das simuliert werden soll.',
    labels: {
      email: 'E-Mail',
      name: 'Vollständiger Name',
      line1: 'Adresse',
      postal_code: 'Postleitzahl',
      city: 'Ort',
      country: 'Land',
    },
    actions: {
      pay: 'Bezahlen',
      pay_later: 'Später bezahlen',
      pay_later_fail: 'Später bezahlen (schlägt fehl)',
      decline: 'Ablehnen',
      cancel: 'Abbrechen',
    },
    declined: 'Ihre Karte wurde abgelehnt.',
    fixErrors: 'Bitte korrigieren Sie Folgendes:',
    required: {
      email: 'Geben Sie Ihre E-Mail-Adresse ein.',
      name: 'Geben Sie Ihren vollständigen Namen ein.',
      line1: 'Geben Sie Ihre Adresse ein.',
      postal_code: 'Geben Sie Ihre Postleitzahl ein.',
      city: 'Geben Sie Ihren Ort ein.',
      country: 'Wählen Sie ein Land.',
    },
    invalid: {
      email: 'Ihre E-Mail-Adresse ist ungültig.',
      name: 'Geben Sie Ihren vollständigen Namen ein.',
      line1: 'Geben Sie Ihre Adresse ein.',
      postal_code: 'Ihre Postleitzahl ist ungültig.',
      city: 'Geben Sie Ihren Ort ein.',
      country: 'In dieses Land wird nicht geliefert.',
    },
    completeTitle: 'Zahlung abgeschlossen',
    completeText: 'Dieser Bezahlvorgang ist abgeschlossen. Sie können diese Seite schliessen.',
    expiredTitle: 'Bezahlvorgang abgelaufen',
    expiredText: 'Dieser Bezahlvorgang ist abgelaufen. Kehren Sie zum Shop zurück, um neu zu beginnen.',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter dieser Adresse gibt es keinen Bezahlvorgang.',
    badRequestTitle: 'Etwas ist schiefgelaufen',
    badRequestText: 'Das Formular konnte nicht verarbeitet werden. Gehen Sie zurück und versuchen Sie es erneut.',
    backToShop: 'Zurück zum Shop',
  },
};

/**
 * The page's language: the session's `locale` when it is German or English; for `auto` (or
 * none) the browser's Accept-Language decides, as on Stripe; anything else falls back to English.
 */
export function pageLanguage(locale: string | null, acceptLanguage: string | undefined): PageLanguage {
  const pick = (tag: string): PageLanguage | undefined => {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    return base === 'de' ? 'de' : base === 'en' ? 'en' : undefined;
  };
  if (locale && locale !== 'auto') return pick(locale) ?? 'en';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const language = pick(part);
    if (language) return language;
  }
  return 'en';
}
