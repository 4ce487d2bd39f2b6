import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addressFields, type AddressDto, type AddressFields } from '@linea/shared/contracts/account';
import { SHIPPING_COUNTRIES } from '@linea/shared/contracts/checkout';
import { Button } from '../../../components/ui/button';
import { AddressInputs } from '../../checkout/components/customer-fields';
import { problemFor, type CustomerField, type FieldProblems } from '../../checkout/lib/customer-form';

type AddressField = Exclude<CustomerField, 'email'>;
type AddressValues = Record<AddressField, string>;

const ADDRESS_FIELDS: readonly AddressField[] = ['firstName', 'lastName', 'address', 'zipCode', 'city', 'country'];

export interface AddressFormProps {
  /** The address to edit; a new one when absent. */
  address?: AddressDto;
  busy: boolean;
  /**
   * Whether "Use as my default address" is offered.
   * @default - unless the address is the default already
   */
  offerDefault?: boolean;
  onSubmit: (fields: AddressFields, makeDefault: boolean) => void;
  onCancel: () => void;
}

/**
 * A saved address (spec §5: every field required, Switzerland only, a Swiss postal code),
 * checked with the contract the server applies, in the checkout's fields.
 */
export function AddressForm({
  address,
  busy,
  offerDefault = !address?.isDefault,
  onSubmit,
  onCancel,
}: AddressFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [values, setValues] = useState<AddressValues>(() => ({
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    address: address?.address ?? '',
    zipCode: address?.zipCode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? SHIPPING_COUNTRIES[0],
  }));
  const [makeDefault, setMakeDefault] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const elements = useRef(new Map<AddressField, HTMLInputElement | HTMLSelectElement>());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = addressFields.safeParse(values);
    if (!parsed.success) {
      const found: FieldProblems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as AddressField;
        if (ADDRESS_FIELDS.includes(field) && !found[field]) found[field] = problemFor(field, values[field]);
      }
      setProblems(found);
      const first = ADDRESS_FIELDS.find((field) => found[field]);
      if (first) elements.current.get(first)?.focus();
      return;
    }
    setProblems({});
    onSubmit(parsed.data, makeDefault);
  }

  return (
    <form
      className="account-address-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <h3 id={headingId}>{address ? t('dashboard.addresses.editHeading') : t('dashboard.addresses.newHeading')}</h3>
      {Object.keys(problems).length ? (
        <p className="form-alert" role="alert">
          {t('checkout.checkFields')}
        </p>
      ) : null}
      <AddressInputs
        values={values}
        problems={problems}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        fieldRef={(field) => (element) => {
          if (element) elements.current.set(field, element);
          else elements.current.delete(field);
        }}
      />
      {offerDefault ? (
        <label className="checkbox-field">
          <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
          {t('dashboard.addresses.useAsDefault')}
        </label>
      ) : null}
      <div className="account-form-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('dashboard.addresses.saving') : t('dashboard.addresses.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('dashboard.addresses.cancel')}
        </Button>
      </div>
    </form>
  );
}
