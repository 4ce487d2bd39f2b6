import { promoDto, type PromoDto } from '@linea/shared/contracts/promo-codes';
import { normalizePromoCode } from '@linea/shared/domain/promo';
import { api } from '../../../api/client';

/**
 * GET /promo-codes/{code}: what an active code gives. Public, so no token (and no auth library)
 * is needed. An unknown or inactive code fails with PROMO_INVALID (404).
 */
export function getPromoCode(code: string, signal?: AbortSignal): Promise<PromoDto> {
  return api.request(`/promo-codes/${encodeURIComponent(normalizePromoCode(code))}`, {
    schema: promoDto,
    signal,
    withToken: false,
  });
}
