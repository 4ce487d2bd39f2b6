import * as z from '../../../lib/zod-mini';
import type { CheckoutRequest } from '@linea/shared/contracts/checkout';
import { api } from '../../../api/client';

/** The spec's text for a 201 that does not say where to pay. */
export class MissingCheckoutUrlError extends Error {
  constructor(readonly orderId: string) {
    super('No checkout URL received from payment service');
    this.name = 'MissingCheckoutUrlError';
  }
}

/** Read loosely, so that a missing URL is told apart from any other unexpected answer. */
const checkoutAnswer = z.object({
  orderId: z.string(),
  sessionId: z.optional(z.string()),
  url: z.optional(z.string()),
});

export interface CheckoutStarted {
  orderId: string;
  /** The payment session, with which a cancelled payment is abandoned later. */
  sessionId?: string;
  /** The hosted payment page. */
  url: string;
}

function paymentPageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /checkout: reserves the lines, opens a payment session and answers where to pay. The
 * request names products and quantities only; the server prices everything. Fails with an
 * ApiError (VALIDATION, OUT_OF_STOCK, PROMO_INVALID, PAYMENT_SESSION_FAILED, RATE_LIMITED), or
 * with MissingCheckoutUrlError when the answer has no usable payment page.
 */
export async function createCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
  const answer = await api.request('/checkout', { method: 'POST', body: request, schema: checkoutAnswer });
  const url = paymentPageUrl(answer.url);
  if (!url) throw new MissingCheckoutUrlError(answer.orderId);
  return { orderId: answer.orderId, url, ...(answer.sessionId ? { sessionId: answer.sessionId } : {}) };
}
