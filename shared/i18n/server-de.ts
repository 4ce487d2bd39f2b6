import type { ServerTexts } from './server-en';

/** The order statuses in German (order pages, emails, the assistant); also in the storefront's de.ts. */
export const orderStatusesDe: ServerTexts['orderStatuses'] = {
  pending: 'Ausstehend',
  confirmed: 'Bestätigt',
  processing: 'In Bearbeitung',
  shipped: 'Versandt',
  delivered: 'Zugestellt',
  cancelled: 'Storniert',
};

/** The footer every email ends with and the newsletter's line under it (see server-en.ts). */
export const emailFooterDe: ServerTexts['email']['footer'] =
  'LINEA · Erlesene Essentials, zeitloses Design · Zürich, Schweiz';
export const newsletterEmailDe: ServerTexts['email']['newsletter'] = {
  unsubscribe: 'Vom LINEA-Newsletter abmelden',
};

/** The server's texts in German; the same keys as server-en.ts (the type makes a missing one an error). */
export const serverDe: ServerTexts = {
  email: {
    footer: emailFooterDe,
    newsletter: newsletterEmailDe,
    newsletterConfirmation: {
      subject: 'Bitte bestätigen Sie Ihre Anmeldung zum LINEA-Newsletter',
      heading: 'Ein Klick zur Bestätigung',
      body: 'Jemand, hoffentlich Sie, möchte den LINEA-Newsletter an diese Adresse erhalten. Bitte bestätigen Sie, dass Sie ihn wünschen.',
      cta: 'Anmeldung bestätigen',
      ignore:
        'Der Link gilt 7 Tage. Falls Sie ihn nicht bestellt haben, ignorieren Sie diese E-Mail: Sie werden nicht angemeldet, und wir vergessen die Adresse.',
    },
    newsletterAlreadySubscribed: {
      subject: 'Sie erhalten den LINEA-Newsletter bereits',
      heading: 'Sie sind bereits angemeldet',
      body: 'Jemand, hoffentlich Sie, wollte diese Adresse für den LINEA-Newsletter anmelden. Sie ist bereits auf unserer Liste, es hat sich also nichts geändert. Falls Sie es nicht waren, können Sie diese E-Mail ignorieren.',
      cta: 'Kollektion entdecken',
    },
    newsletterWelcome: {
      subject: 'Willkommen bei LINEA',
      heading: 'Danke für Ihre Anmeldung',
      body: 'Sie erfahren als Erste von neuen Essentials, limitierten Editionen und Geschichten aus unserem Atelier. Kein Lärm, nur das Wesentliche.',
      cta: 'Kollektion entdecken',
    },
    contactMessage: {
      subject: 'Kontaktanfrage',
      heading: 'Neue Nachricht über das Kontaktformular',
      from: 'Von',
      received: 'Eingegangen',
      receivedAt: '{{date}}, {{time}} (Zürcher Zeit)',
      language: 'Sprache',
      message: 'Nachricht',
    },
    contactAcknowledgement: {
      subject: 'Wir haben Ihre Nachricht erhalten',
      heading: 'Vielen Dank für Ihre Nachricht',
      body: 'Ihre Nachricht ist bei uns angekommen. Wir antworten Ihnen innert {{hours}} Stunden.',
      replyHint: 'Möchten Sie etwas ergänzen? Antworten Sie einfach auf diese E-Mail.',
      notYou: 'Falls Sie uns nicht geschrieben haben, können Sie diese E-Mail ignorieren.',
    },
    accountCode: {
      signUpSubject: 'Ihr LINEA-Bestätigungscode',
      signUpHeading: 'Bestätigen Sie Ihre E-Mail-Adresse',
      signUpBody:
        'Geben Sie diesen Code auf der Registrierungsseite ein, um zu bestätigen, dass diese Adresse Ihnen gehört. Er ist 24 Stunden gültig.',
      resetSubject: 'Ihr LINEA-Passwort zurücksetzen',
      resetHeading: 'Neues Passwort festlegen',
      resetBody:
        'Geben Sie diesen Code zusammen mit Ihrem neuen Passwort ein, um es zurückzusetzen. Er ist 1 Stunde gültig.',
      verifySubject: 'Ihr LINEA-Bestätigungscode',
      verifyHeading: 'Bestätigen Sie Ihre E-Mail-Adresse',
      verifyBody: 'Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen. Er ist 24 Stunden gültig.',
      codeLabel: 'Ihr Code',
      invitationSubject: 'Ihr LINEA-Konto',
      invitationHeading: 'Ihr LINEA-Konto ist bereit',
      invitationBody:
        'Melden Sie sich mit dieser E-Mail-Adresse und dem untenstehenden vorläufigen Passwort an. Beim ersten Anmelden wählen Sie Ihr eigenes Passwort. Das vorläufige Passwort ist 7 Tage gültig.',
      temporaryPasswordLabel: 'Vorläufiges Passwort',
      notYou:
        'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ohne den Code ändert sich nichts.',
    },
    orderStatusUpdate: {
      subject: 'Ihre LINEA-Bestellung {{number}}: {{status}}',
      heading: 'Neuigkeiten zu Ihrer Bestellung, {{name}}',
      status: 'Ihre Bestellung {{number}} ist jetzt: {{status}}.',
      unchanged: 'Hier sind Neuigkeiten zu Ihrer Bestellung {{number}} (Status: {{status}}).',
      messageLabel: 'Eine Nachricht von uns',
      tracking: 'Ihr Paket ist mit {{carrier}} unterwegs, Sendungsnummer {{trackingNumber}}.',
      trackingNoCarrier: 'Sendungsnummer: {{trackingNumber}}.',
      track: 'Sendung verfolgen',
      view: 'Bestellung ansehen',
      cancelled:
        'Falls Sie bereits bezahlt haben, wird Ihnen der Betrag innert weniger Tage auf Ihre Karte zurückerstattet.',
    },
    orderConfirmation: {
      subject: 'Ihre LINEA-Bestellung {{number}}',
      preview: 'Wir haben Ihre Bestellung {{number}} erhalten.',
      heading: 'Vielen Dank für Ihre Bestellung, {{name}}',
      intro: 'Wir haben Ihre Bestellung erhalten und bereiten sie vor. Hier finden Sie die Übersicht.',
      orderNumber: 'Bestellnummer',
      orderDate: 'Bestelldatum',
      item: 'Artikel',
      quantity: 'Menge',
      amount: 'Betrag',
      options: 'Grösse {{size}} · Farbe {{color}}',
      subtotal: 'Zwischensumme',
      shipping: 'Versand',
      shippingFree: 'Kostenlos',
      discount: 'Rabatt',
      discountWithCode: 'Rabatt ({{code}})',
      total: 'Total',
      vatIncluded: 'inkl. MWST {{rate}} %: {{amount}}',
      shippingAddress: 'Lieferadresse',
      nextHeading: 'Wie es weitergeht',
      nextText: 'Wir verpacken Ihre Bestellung sorgfältig und versenden sie innert {{min}}–{{max}} Werktagen.',
      cta: 'Bestellung ansehen',
    },
  },
  payment: {
    shippingRate: 'Standardversand, Schweiz',
    discount: 'Rabatt',
  },
  orderStatuses: orderStatusesDe,
};
