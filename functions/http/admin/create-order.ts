import { adminManualOrderRequest } from '@linea/shared/contracts/admin';
import { createManualOrder } from '../../services/admin-orders';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('POST /admin/orders', { body: adminManualOrderRequest }, async ({ body, actor }) =>
  json(201, await createManualOrder(body, actor)),
);
