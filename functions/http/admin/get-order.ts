import { orderPathParams } from '@linea/shared/contracts/orders';
import { NotFoundError } from '@linea/shared/errors';
import { orders, toOrderDto } from '../../data/order-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/orders/{id}', { params: orderPathParams }, async ({ params }) => {
  const order = await orders.getById(params.id);
  if (!order) throw new NotFoundError('Order', params.id);
  return json(200, toOrderDto(order));
});
