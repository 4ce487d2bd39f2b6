/** The hosted page's form: the customer's details, and the outcome a tester picks instead of typing a card. */

export type FormField = 'email' | 'name' | 'line1' | 'postal_code' | 'city' | 'country';

/** The outcomes the page offers, as posted in the form's `action` field. */
export type PageAction = 'pay' | 'pay_later' | 'pay_later_fail' | 'decline' | 'cancel';

export const PAGE_ACTIONS: readonly PageAction[] = ['pay', 'pay_later', 'pay_later_fail', 'decline', 'cancel'];

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
