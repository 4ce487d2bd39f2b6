import { api } from '../../../api/client';

/**
 * POST /checkout/abandon: the shopper cancelled on the payment page. The session can no longer be
 * paid and its order is cancelled, so the reserved units are back on the shelf at once instead of
 * after the session's 30 minutes. Public: the session id is the proof.
 */
export function abandonCheckout(sessionId: string): Promise<void> {
  return api.request('/checkout/abandon', { method: 'POST', body: { sessionId }, withToken: false });
}
