/**
 * The hosted payment page of the Stripe stand-in: what `session.url` opens. The buttons are the
 * outcomes a tester picks instead of typing a card; the stand-in turns them into the session
 * state and events Stripe would produce.
 */
import { ZERO_DECIMAL } from './currencies';
import { PAGE_ACTIONS, type FieldError, type FormField } from './customer-form';
import { documentHtml, escapeHtml } from './page-document';
import { TEXTS, type PageLanguage, type Texts } from './page-texts';

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
