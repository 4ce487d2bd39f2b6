import { createPromoRequest } from '@linea/shared/contracts/promo-codes';
import { toAdminPromoDto } from '../../data/promo-repository';
import { httpHandler, json } from '../../lib/http';
import { createPromo } from '../../services/admin-promos';

export const handler = httpHandler('POST /admin/promo-codes', { body: createPromoRequest }, async ({ body, actor }) =>
  json(201, toAdminPromoDto(await createPromo(body, actor))),
);
