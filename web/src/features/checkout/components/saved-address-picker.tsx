import { useTranslation } from 'react-i18next';
import type { AddressDto } from '@linea/shared/contracts/account';

export const NEW_ADDRESS = 'new';

/**
 * A signed-in customer's saved addresses as choices above the shipping fields: choosing one fills
 * them, "Use a new address" empties them for typing.
 */
export function SavedAddressPicker({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: readonly AddressDto[];
  chosen: string;
  onChoose: (choice: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout-fieldset saved-addresses">
      <legend>
        <h2>{t('checkout.savedAddressesLegend')}</h2>
      </legend>
      <div className="saved-address-list">
        {addresses.map((address) => (
          <label key={address.id} className="saved-address">
            <input
              type="radio"
              name="saved-address"
              value={address.id}
              checked={chosen === address.id}
              onChange={() => onChoose(address.id)}
            />
            <span>
              {address.firstName} {address.lastName}
              <br />
              {address.address}, {address.zipCode} {address.city}
            </span>
          </label>
        ))}
        <label className="saved-address">
          <input
            type="radio"
            name="saved-address"
            value={NEW_ADDRESS}
            checked={chosen === NEW_ADDRESS}
            onChange={() => onChoose(NEW_ADDRESS)}
          />
          <span>{t('checkout.newAddress')}</span>
        </label>
      </div>
    </fieldset>
  );
}
