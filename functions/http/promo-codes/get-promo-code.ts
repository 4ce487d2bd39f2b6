import { promoCodePathParams, promoDto } from '@linea/shared/contracts/promo-codes';
import { PromoInvalidError } from '@linea/shared/errors';
import { promos, toPromo } from '../../data/promo-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /promo-codes/{code}', { params: promoCodePathParams }, async ({ params }) => {
  const promo = await promos.getActive(params.code);
  if (!promo) throw new PromoInvalidError(params.code);
  return json(200, promoDto.parse(toPromo(promo)));
});
