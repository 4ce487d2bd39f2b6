import { createAddressRequest } from '@linea/shared/contracts/account';
import { addresses } from '../../data/address-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('POST /addresses', { body: createAddressRequest }, async ({ actor, body }) => {
  const { isDefault, ...fields } = body;
  const address = await addresses.add(actor.userId, fields, {
    makeDefault: isDefault === true,
    now: new Date().toISOString(),
  });
  return json(201, address);
});
