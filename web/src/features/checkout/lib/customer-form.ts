import { checkoutCustomer, SHIPPING_COUNTRIES, type CheckoutCustomer } from '@linea/shared/contracts/checkout';
import type { FieldIssue } from '@linea/shared/errors';

/** The form's fields in the order they appear, which is also the order focus looks for problems. */
export const CUSTOMER_FIELDS = ['email', 'firstName', 'lastName', 'address', 'city', 'zipCode', 'country'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerValues = Record<CustomerField, string>;

export type FieldProblem = 'required' | 'invalidEmail' | 'invalidZipCode' | 'invalidCountry' | 'tooLong';
export type FieldProblems = Partial<Record<CustomerField, FieldProblem>>;

export const EMPTY_CUSTOMER: CustomerValues = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  zipCode: '',
  country: SHIPPING_COUNTRIES[0],
};

export const isCustomerField = (value: unknown): value is CustomerField =>
  CUSTOMER_FIELDS.includes(value as CustomerField);

/** Why a value was rejected, told from the value itself: the UI never shows the contract's own texts. */
export function problemFor(field: CustomerField, value: string): FieldProblem {
  if (!value.trim()) return 'required';
  switch (field) {
    case 'email':
      return 'invalidEmail';
    case 'zipCode':
      return 'invalidZipCode';
    case 'country':
      return 'invalidCountry';
    default:
      return 'tooLong';
  }
}

export type CustomerCheck = { ok: true; customer: CheckoutCustomer } | { ok: false; problems: FieldProblems };

/**
 * Checks the form with the same contract the server applies (spec §5: every field required, a
 * four-digit Swiss postal code, Switzerland only), so that both agree on what is valid.
 */
export function checkCustomer(values: CustomerValues): CustomerCheck {
  const parsed = checkoutCustomer.safeParse(values);
  if (parsed.success) return { ok: true, customer: parsed.data };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isCustomerField(field) && !problems[field]) problems[field] = problemFor(field, values[field]);
  }
  return { ok: false, problems };
}

/** The fields a 400 VALIDATION names (`customer.zipCode`), mapped back onto the form. */
export function problemsFromServer(issues: readonly FieldIssue[], values: CustomerValues): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) {
    const [section, field] = issue.field.split('.');
    if (section === 'customer' && isCustomerField(field) && !problems[field]) {
      problems[field] = problemFor(field, values[field]);
    }
  }
  return problems;
}

export function firstProblemField(problems: FieldProblems): CustomerField | undefined {
  return CUSTOMER_FIELDS.find((field) => problems[field]);
}
