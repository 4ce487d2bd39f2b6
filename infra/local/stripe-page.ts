/**
 * The hosted payment page of the Stripe stand-in (stripe.ts): what `session.url` opens. Plain
 * HTML with inline CSS, no script and no external assets, so it works by keyboard, with a screen
 * reader and with JavaScript off. The buttons are the outcomes a tester picks instead of typing a
 * card; the stand-in turns them into the session state and events Stripe would produce.
 *
 * Texts exist in English and German (the shop's languages); other locales get English, and
 * `<html lang>` always names the language the page is actually written in.
 */

export type PageLanguage = 'en' | 'de';

export type FormField = 'email' | 'name' | 'line1' | 'postal_code' | 'city' | 'country';

/** The outcomes the page offers, as posted in the form's `action` field. */
export type PageAction = 'pay' | 'pay_later' | 'pay_later_fail' | 'decline' | 'cancel';

export const PAGE_ACTIONS: readonly PageAction[] = ['pay', 'pay_later', 'pay_later_fail', 'decline', 'cancel'];

export interface PageLineItem {
  readonly name: string;
  readonly description: string | null;
  readonly quantity: number;
  /** Line total (unit amount × quantity) in the currency's minor unit. */
  readonly amount: number;
}

export interface PaymentPageModel {
  readonly language: PageLanguage;
  readonly sessionId: string;
  readonly currency: string;
  readonly lineItems: readonly PageLineItem[];
  readonly subtotal: number;
  readonly discount: { readonly label: string | null; readonly amount: number } | null;
  readonly shipping: { readonly label: string; readonly amount: number } | null;
  readonly total: number;
  /** From `customer_email`: shown read-only; without it the customer types one. */
  readonly fixedEmail: string | null;
  /** ISO codes from `shipping_address_collection.allowed_countries`; empty = no address asked. */
  readonly countries: readonly string[];
  readonly values: Partial<Record<FormField, string>>;
  readonly errors: Partial<Record<FormField, FieldError>>;
  readonly declined: boolean;
  readonly canCancel: boolean;
}

export type FieldError = 'required' | 'invalid';

export interface CustomerInput {
  readonly email: string;
  readonly name: string;
  /** Null when the session collects no shipping address. */
  readonly address: {
    readonly line1: string;
    readonly postal_code: string;
    readonly city: string;
    readonly country: string;
  } | null;
}

interface Texts {
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

const TEXTS: Record<PageLanguage, Texts> = {
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

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** Minor units to a localised amount, e.g. 4900 CHF → "CHF 49.00" (de-CH / en-CH). */
export function formatMoney(amount: number, currency: string, language: PageLanguage): string {
  const digits = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  return new Intl.NumberFormat(language === 'de' ? 'de-CH' : 'en-CH', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 10 ** digits);
}

export function countryName(code: string, language: PageLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODES: Record<string, RegExp> = { CH: /^\d{4}$/, LI: /^\d{4}$/, DE: /^\d{5}$/, AT: /^\d{4}$/ };

/**
 * Reads and checks the posted form the way Checkout does before it tries the card: every
 * shipping field is required, the postal code must fit the country, the country must be allowed.
 */
export function readCustomerForm(
  form: URLSearchParams,
  session: { readonly fixedEmail: string | null; readonly countries: readonly string[] },
): {
  values: Partial<Record<FormField, string>>;
  errors: Partial<Record<FormField, FieldError>>;
  input?: CustomerInput;
} {
  const text = (field: FormField): string => (form.get(field) ?? '').trim();
  const values: Partial<Record<FormField, string>> = {};
  const errors: Partial<Record<FormField, FieldError>> = {};

  const email = session.fixedEmail ?? text('email');
  values.email = email;
  if (!session.fixedEmail) {
    if (!email) errors.email = 'required';
    else if (!EMAIL.test(email)) errors.email = 'invalid';
  }
  const name = text('name');
  values.name = name;
  if (!name) errors.name = 'required';

  let address: CustomerInput['address'] = null;
  if (session.countries.length > 0) {
    const only = session.countries.length === 1 ? session.countries[0] : undefined;
    const country = only ?? text('country').toUpperCase();
    const line1 = text('line1');
    const postalCode = text('postal_code');
    const city = text('city');
    Object.assign(values, { line1, postal_code: postalCode, city, country });
    if (!line1) errors.line1 = 'required';
    if (!city) errors.city = 'required';
    if (!country) errors.country = 'required';
    else if (!session.countries.includes(country)) errors.country = 'invalid';
    if (!postalCode) errors.postal_code = 'required';
    else if (POSTAL_CODES[country] && !POSTAL_CODES[country].test(postalCode)) errors.postal_code = 'invalid';
    address = { line1, postal_code: postalCode, city, country };
  }
  if (Object.keys(errors).length > 0) return { values, errors };
  return { values, errors, input: { email, name, address } };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#111827;background:#f3f4f6}
body{margin:0;padding:1.5rem 1rem}
main{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:1.5rem}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;margin-bottom:.5rem}
h1{font-size:1.5rem;margin:0}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border:1px solid #b45309;border-radius:999px;padding:0 .6rem;font-size:.8125rem;font-weight:600;text-transform:uppercase;letter-spacing:.03em}
.due{font-size:2rem;font-weight:700;margin:.25rem 0 0}
table{width:100%;border-collapse:collapse}
th,td{padding:.5rem .25rem;text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb}
thead th{font-size:.875rem;color:#374151}
.num{text-align:right;white-space:nowrap}
.desc{display:block;font-weight:400;font-size:.875rem;color:#4b5563}
tfoot th{font-weight:400}
tfoot tr.total th,tfoot tr.total td{font-weight:700;border-bottom:0}
fieldset{border:0;margin:0;padding:0}
legend{font-size:1.125rem;font-weight:600;margin:1.5rem 0 .5rem;padding:0}
.field{margin-bottom:1rem}
.row{display:grid;grid-template-columns:1fr 2fr;gap:0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:#111827}
input[readonly]{background:#f3f4f6;border-color:#9ca3af}
input[aria-invalid="true"],select[aria-invalid="true"]{border:2px solid #b42318}
.error{color:#b42318;font-size:.875rem;margin:.25rem 0 0}
.alert{border:2px solid #b42318;background:#fef2f2;color:#7f1d1d;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.alert p{margin:0;font-weight:600}
.alert ul{margin:.5rem 0 0;padding-left:1.25rem}
.alert a{color:#7f1d1d}
.hint{color:#374151;font-size:.9375rem;margin:0 0 1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.1rem;border-radius:.5rem;border:2px solid #1f2937;background:#fff;color:#111827;cursor:pointer}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff;flex:1 1 100%}
button:hover{background:#f3f4f6}
button.primary:hover{background:#1e40af}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:30rem){.row{grid-template-columns:1fr}}
`;

function documentHtml(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function field(
  model: PaymentPageModel,
  texts: Texts,
  name: FormField,
  attributes: { autocomplete: string; type?: string; inputmode?: string; readOnly?: boolean },
): string {
  const error = model.errors[name];
  const errorId = `${name}-error`;
  const value = (name === 'email' ? model.fixedEmail : null) ?? model.values[name] ?? '';
  const message = error ? (error === 'required' ? texts.required[name] : texts.invalid[name]) : '';
  return `<div class="field">
<label for="${name}">${escapeHtml(texts.labels[name])}</label>
<input id="${name}" name="${name}" type="${attributes.type ?? 'text'}" autocomplete="${attributes.autocomplete}"${
    attributes.inputmode ? ` inputmode="${attributes.inputmode}"` : ''
  } value="${escapeHtml(value)}"${attributes.readOnly ? ' readonly' : ' required'}${
    error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
${error ? `<p class="error" id="${errorId}">${escapeHtml(message)}</p>` : ''}
</div>`;
}

function countryField(model: PaymentPageModel, texts: Texts): string {
  const error = model.errors.country;
  const errorId = 'country-error';
  const described = error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const message = error
    ? `<p class="error" id="${errorId}">${escapeHtml(error === 'required' ? texts.required.country : texts.invalid.country)}</p>`
    : '';
  const only = model.countries.length === 1 ? model.countries[0] : undefined;
  if (only) {
    // One allowed country: shown, not chosen (the posted value is ignored and the allowed one used).
    return `<div class="field">
<label for="country">${escapeHtml(texts.labels.country)}</label>
<input id="country" type="text" value="${escapeHtml(countryName(only, model.language))}" readonly>
<input type="hidden" name="country" value="${escapeHtml(only)}">
</div>`;
  }
  const selected = model.values.country ?? '';
  const options = model.countries
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === selected ? ' selected' : ''}>${escapeHtml(countryName(code, model.language))}</option>`,
    )
    .join('');
  return `<div class="field">
<label for="country">${escapeHtml(texts.labels.country)}</label>
<select id="country" name="country" autocomplete="shipping country" required${described}><option value=""></option>${options}</select>
${message}
</div>`;
}

export function renderPaymentPage(model: PaymentPageModel): string {
  const texts = TEXTS[model.language];
  const money = (amount: number): string => escapeHtml(formatMoney(amount, model.currency, model.language));
  const rows = model.lineItems
    .map(
      (line) => `<tr>
<th scope="row">${escapeHtml(line.name)}${line.description ? `<span class="desc">${escapeHtml(line.description)}</span>` : ''}</th>
<td class="num">${line.quantity}</td>
<td class="num">${money(line.amount)}</td>
</tr>`,
    )
    .join('\n');
  const footer = [
    `<tr><th scope="row" colspan="2">${escapeHtml(texts.subtotal)}</th><td class="num">${money(model.subtotal)}</td></tr>`,
    model.discount
      ? `<tr><th scope="row" colspan="2">${escapeHtml(texts.discount)}${
          model.discount.label ? ` (${escapeHtml(model.discount.label)})` : ''
        }</th><td class="num">−${money(model.discount.amount)}</td></tr>`
      : '',
    model.shipping
      ? `<tr><th scope="row" colspan="2">${escapeHtml(texts.shipping)} (${escapeHtml(model.shipping.label)})</th><td class="num">${money(model.shipping.amount)}</td></tr>`
      : '',
    `<tr class="total"><th scope="row" colspan="2">${escapeHtml(texts.total)}</th><td class="num">${money(model.total)}</td></tr>`,
  ]
    .filter(Boolean)
    .join('\n');

  const fieldOrder: FormField[] = ['email', 'name', 'line1', 'postal_code', 'city', 'country'];
  const errorList = fieldOrder
    .filter((name) => model.errors[name])
    .map((name) => {
      const error = model.errors[name];
      const message = error === 'required' ? texts.required[name] : texts.invalid[name];
      return `<li><a href="#${name}">${escapeHtml(message)}</a></li>`;
    });
  const alert = model.declined
    ? `<div class="alert" role="alert"><p>${escapeHtml(texts.declined)}</p></div>`
    : errorList.length > 0
      ? `<div class="alert" role="alert"><p>${escapeHtml(texts.fixErrors)}</p><ul>${errorList.join('')}</ul></div>`
      : '';

  const address =
    model.countries.length > 0
      ? `<fieldset>
<legend>${escapeHtml(texts.shippingAddress)}</legend>
${field(model, texts, 'name', { autocomplete: 'shipping name' })}
${field(model, texts, 'line1', { autocomplete: 'shipping address-line1' })}
<div class="row">
${field(model, texts, 'postal_code', {
  autocomplete: 'shipping postal-code',
  ...(model.countries.every((code) => code === 'CH' || code === 'LI') ? { inputmode: 'numeric' } : {}),
})}
${field(model, texts, 'city', { autocomplete: 'shipping address-level2' })}
</div>
${countryField(model, texts)}
</fieldset>`
      : field(model, texts, 'name', { autocomplete: 'name' });

  const actions = PAGE_ACTIONS.filter((action) => action !== 'cancel' || model.canCancel)
    .map(
      (action) =>
        `<button type="submit" name="action" value="${action}"${action === 'pay' ? ' class="primary"' : ''}>${escapeHtml(texts.actions[action])}</button>`,
    )
    .join('\n');

  const body = `<header><h1>${escapeHtml(texts.title)}</h1><span class="badge">${escapeHtml(texts.testMode)}</span></header>
<p class="due"><span class="sr-only">${escapeHtml(texts.total)}: </span>${money(model.total)}</p>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">${escapeHtml(texts.summary)}</h2>
<table>
<thead><tr><th scope="col">${escapeHtml(texts.item)}</th><th scope="col" class="num">${escapeHtml(texts.quantity)}</th><th scope="col" class="num">${escapeHtml(texts.amount)}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${footer}
</tfoot>
</table>
</section>
<form method="post" action="/c/pay/${encodeURIComponent(model.sessionId)}" novalidate>
${alert}
<fieldset>
<legend>${escapeHtml(texts.contact)}</legend>
${field(model, texts, 'email', {
  autocomplete: 'email',
  type: 'email',
  ...(model.fixedEmail ? { readOnly: true } : {}),
})}
</fieldset>
${address}
<fieldset>
<legend>${escapeHtml(texts.payment)}</legend>
<p class="hint">${escapeHtml(texts.paymentHint)}</p>
<div class="actions">
${actions}
</div>
</fieldset>
</form>`;
  return documentHtml(
    model.language,
    `${texts.title} – ${formatMoney(model.total, model.currency, model.language)}`,
    body,
  );
}

export type MessageKind = 'complete' | 'expired' | 'not_found' | 'bad_request';

/** The page for a session that cannot be paid (complete, expired, unknown) or a broken form post. */
export function renderMessagePage(language: PageLanguage, kind: MessageKind, link: string | null = null): string {
  const texts = TEXTS[language];
  const messages: Record<MessageKind, { title: string; text: string }> = {
    complete: { title: texts.completeTitle, text: texts.completeText },
    expired: { title: texts.expiredTitle, text: texts.expiredText },
    not_found: { title: texts.notFoundTitle, text: texts.notFoundText },
    bad_request: { title: texts.badRequestTitle, text: texts.badRequestText },
  };
  const { title, text } = messages[kind];
  const body = `<header><h1>${escapeHtml(title)}</h1><span class="badge">${escapeHtml(texts.testMode)}</span></header>
<p>${escapeHtml(text)}</p>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.backToShop)}</a></p>` : ''}`;
  return documentHtml(language, title, body);
}
