import { orderFromSessionRequest } from '@linea/shared/contracts/orders';
import { toOrderDto } from '../../data/order-repository';
import { httpHandler, json } from '../../lib/http';
import { abandonCheckout } from '../../services/fulfil-checkout';

/** The session id is the proof, as on the confirmation page: only its holder can abandon it. */
export const handler = httpHandler('POST /checkout/abandon', { body: orderFromSessionRequest }, async ({ body }) =>
  json(200, toOrderDto(await abandonCheckout(body.sessionId))),
);
