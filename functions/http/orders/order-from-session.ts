import { orderFromSessionRequest } from '@linea/shared/contracts/orders';
import { toOrderDto } from '../../data/order-repository';
import { httpHandler, json } from '../../lib/http';
import { orderFromCheckoutSession } from '../../services/fulfil-checkout';

export const handler = httpHandler('POST /orders/from-session', { body: orderFromSessionRequest }, async ({ body }) =>
  json(200, toOrderDto(await orderFromCheckoutSession(body.sessionId))),
);
