import { promoCodePathParams } from '@linea/shared/contracts/promo-codes';
import { promos } from '../../data/promo-repository';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler(
  'DELETE /admin/promo-codes/{code}',
  { params: promoCodePathParams },
  async ({ params, actor }) => {
    await promos.remove(params.code, actor);
    return noContent();
  },
);
