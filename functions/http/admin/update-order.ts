import { adminOrderUpdateRequest } from '@linea/shared/contracts/admin';
import { orderPathParams } from '@linea/shared/contracts/orders';
import { updateOrderStatus } from '../../services/admin-orders';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler(
  'PATCH /admin/orders/{id}',
  { params: orderPathParams, body: adminOrderUpdateRequest },
  async ({ params, body, actor }) => json(200, await updateOrderStatus(params.id, body, actor)),
);
