import { myOrdersQuery, type MyOrdersResponse } from '@linea/shared/contracts/account';
import { orders, toOrderDto } from '../../data/order-repository';
import { httpHandler, json } from '../../lib/http';

/** The caller's orders, newest first: only those placed while signed in (pattern 7). */
export const handler = httpHandler('GET /orders', { query: myOrdersQuery }, async ({ actor, query }) => {
  const page = await orders.listForCustomer(actor.userId, { limit: query.limit ?? 10, cursor: query.cursor });
  const response: MyOrdersResponse = {
    items: page.items.map(toOrderDto),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return json(200, response);
});
