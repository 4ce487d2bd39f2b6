import { checkoutRequest } from '@linea/shared/contracts/checkout';
import { httpHandler, json } from '../../lib/http';
import { optionalActor } from '../../lib/token';
import { placeOrder } from '../../services/place-order';

/** Public: a guest may check out; a signed-in caller's order is linked to their account. */
export const handler = httpHandler(
  'POST /checkout',
  { body: checkoutRequest, identify: optionalActor },
  async ({ body, actor }) => json(201, await placeOrder(body, actor)),
);
