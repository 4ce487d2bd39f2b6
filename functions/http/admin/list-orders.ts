import { adminOrdersQuery, type AdminOrdersResponse } from '@linea/shared/contracts/admin';
import { orders, toOrderDto } from '../../data/order-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/orders', { query: adminOrdersQuery }, async ({ query }) => {
  const page = await orders.searchRecent(query);
  const response: AdminOrdersResponse = {
    items: page.items.map(toOrderDto),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return json(200, response);
});
