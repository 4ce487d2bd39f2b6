import { orderPathParams } from '@linea/shared/contracts/orders';
import { NotFoundError } from '@linea/shared/errors';
import { orders, toOrderDto } from '../../data/order-repository';
import { canReadOrder } from '../../lib/auth';
import { httpHandler, json } from '../../lib/http';
import { optionalActor } from '../../lib/token';

export const handler = httpHandler(
  'GET /orders/{id}',
  { params: orderPathParams, identify: optionalActor },
  async ({ actor, params }) => {
    const order = await orders.getById(params.id);
    // Someone else's order is "not found", never "forbidden": ids cannot be probed.
    if (!order || !canReadOrder(actor, order)) throw new NotFoundError('Order', params.id);
    return json(200, toOrderDto(order));
  },
);
