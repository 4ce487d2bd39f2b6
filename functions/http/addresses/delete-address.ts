import { addressPathParams } from '@linea/shared/contracts/account';
import { addresses } from '../../data/address-repository';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler(
  'DELETE /addresses/{id}',
  { params: addressPathParams },
  async ({ actor, params }) => {
    await addresses.remove(actor.userId, params.id);
    return noContent();
  },
);
