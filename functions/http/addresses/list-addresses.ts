import type { AddressListResponse } from '@linea/shared/contracts/account';
import { addresses } from '../../data/address-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /addresses', {}, async ({ actor }) => {
  const response: AddressListResponse = { items: await addresses.list(actor.userId) };
  return json(200, response);
});
