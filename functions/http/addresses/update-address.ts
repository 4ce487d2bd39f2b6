import { addressPathParams, updateAddressRequest } from '@linea/shared/contracts/account';
import { addresses } from '../../data/address-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler(
  'PATCH /addresses/{id}',
  { params: addressPathParams, body: updateAddressRequest },
  async ({ actor, params, body }) => {
    const { isDefault, ...fields } = body;
    return json(200, await addresses.update(actor.userId, params.id, { ...fields, makeDefault: isDefault === true }));
  },
);
