import { promoCodePathParams, updatePromoRequest } from '@linea/shared/contracts/promo-codes';
import { promos, toAdminPromoDto } from '../../data/promo-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler(
  'PATCH /admin/promo-codes/{code}',
  { params: promoCodePathParams, body: updatePromoRequest },
  async ({ params, body, actor }) =>
    json(200, toAdminPromoDto(await promos.setActive(params.code, body.isActive, actor))),
);
