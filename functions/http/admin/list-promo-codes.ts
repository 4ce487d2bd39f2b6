import type { AdminPromoListResponse } from '@linea/shared/contracts/promo-codes';
import { promos, toAdminPromoDto } from '../../data/promo-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/promo-codes', {}, async () => {
  const response: AdminPromoListResponse = { items: (await promos.listRecent()).map(toAdminPromoDto) };
  return json(200, response);
});
