import { useId, type ChangeEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SHIPPING_COUNTRIES } from '@linea/shared/contracts/checkout';
import { TextField } from '../../../components/ui/text-field';
import type { CustomerField, CustomerValues, FieldProblem, FieldProblems } from '../lib/customer-form';

const PROBLEM_KEY = {
  required: 'checkout.required',
  invalidEmail: 'checkout.invalidEmail',
  invalidZipCode: 'checkout.invalidZipCode',
  invalidCountry: 'checkout.invalidCountry',
  tooLong: 'checkout.tooLong',
} as const satisfies Record<FieldProblem, string>;

type FieldElement = HTMLInputElement | HTMLSelectElement;

export interface CustomerFieldsProps {
  values: CustomerValues;
  problems: FieldProblems;
  onChange: (field: CustomerField, value: string) => void;
  /** Receives each field's element, so the form can focus the first invalid one. */
  fieldRef: (field: CustomerField) => (element: FieldElement | null) => void;
  /** Between contact and shipping address: a signed-in customer's saved addresses to choose from. */
  addressChoice?: ReactNode;
  /** Below the address fields, inside their group (e.g. "Save this address to my account"). */
  addressExtra?: ReactNode;
}

/** Switzerland is the only destination (spec §5): a select that says so, with the reason below. */
function CountryField({
  value,
  problem,
  onChange,
  fieldRef,
}: {
  value: string;
  problem?: FieldProblem;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  fieldRef: (element: HTMLSelectElement | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t('checkout.country')}</label>
      <div className="checkout-select">
        <select
          ref={fieldRef}
          id={id}
          name="country"
          autoComplete="country"
          required
          value={value}
          onChange={onChange}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${noteId} ${errorId}` : noteId}
        >
          {SHIPPING_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {t(`checkout.countries.${country}`)}
            </option>
          ))}
        </select>
        <ChevronDown className="checkout-select-icon" aria-hidden="true" size={16} strokeWidth={1.5} />
      </div>
      <p id={noteId} className="field-note">
        {t('checkout.countryNote')}
      </p>
      {problem ? (
        <p id={errorId} className="field-error">
          {t(PROBLEM_KEY[problem])}
        </p>
      ) : null}
    </div>
  );
}

/** Contact and shipping address (spec §2, §5), each a labelled group with its own heading. */
export function CustomerFields({
  values,
  problems,
  onChange,
  fieldRef,
  addressChoice,
  addressExtra,
}: CustomerFieldsProps) {
  const { t } = useTranslation();
  const problem = problems.email;
  return (
    <>
      <fieldset className="checkout-fieldset">
        <legend>
          <h2>{t('checkout.contactHeading')}</h2>
        </legend>
        <TextField
          ref={fieldRef('email')}
          name="email"
          required
          value={values.email}
          onChange={(event) => onChange('email', event.target.value)}
          error={problem ? t(PROBLEM_KEY[problem]) : undefined}
          announceError={false}
          label={t('checkout.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
        />
      </fieldset>
      {addressChoice}
      <fieldset className="checkout-fieldset">
        <legend>
          <h2>{t('checkout.shippingHeading')}</h2>
        </legend>
        <AddressInputs values={values} problems={problems} onChange={onChange} fieldRef={fieldRef} />
        {addressExtra}
      </fieldset>
    </>
  );
}

/**
 * Name, street, postal code, city and country of a Swiss address: the checkout's shipping
 * address and the account's saved addresses, with the same labels, autocomplete and checks.
 */
type AddressField = Exclude<CustomerField, 'email'>;

export function AddressInputs({
  values,
  problems,
  onChange,
  fieldRef,
}: {
  values: Pick<CustomerValues, AddressField>;
  problems: FieldProblems;
  onChange: (field: AddressField, value: string) => void;
  fieldRef: (field: AddressField) => (element: FieldElement | null) => void;
}) {
  const { t } = useTranslation();
  const problemOf = (field: AddressField) => problems[field];
  const change = (field: AddressField) => (event: ChangeEvent<FieldElement>) => onChange(field, event.target.value);
  // The form-level alert speaks for all fields at once, so the fields themselves stay quiet.
  const common = (field: AddressField) => {
    const problem = problemOf(field);
    return {
      ref: fieldRef(field),
      name: field,
      required: true,
      value: values[field],
      onChange: change(field),
      error: problem ? t(PROBLEM_KEY[problem]) : undefined,
      announceError: false,
    };
  };
  return (
    <>
      <div className="field-row">
        <TextField
          {...common('firstName')}
          label={t('checkout.firstName')}
          autoComplete="shipping given-name"
          maxLength={100}
        />
        <TextField
          {...common('lastName')}
          label={t('checkout.lastName')}
          autoComplete="shipping family-name"
          maxLength={100}
        />
      </div>
      <TextField
        {...common('address')}
        label={t('checkout.address')}
        autoComplete="shipping address-line1"
        maxLength={200}
      />
      <div className="field-row checkout-zip-row">
        <TextField
          {...common('zipCode')}
          className="checkout-zip"
          label={t('checkout.zipCode')}
          inputMode="numeric"
          autoComplete="shipping postal-code"
        />
        <TextField
          {...common('city')}
          label={t('checkout.city')}
          autoComplete="shipping address-level2"
          maxLength={100}
        />
      </div>
      <CountryField
        value={values.country}
        problem={problemOf('country')}
        onChange={change('country')}
        fieldRef={fieldRef('country')}
      />
    </>
  );
}
