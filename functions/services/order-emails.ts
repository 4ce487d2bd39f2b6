import type { Locale } from '@linea/shared/domain/money';
import { orders, type Order } from '../data/order-repository';
import type { RenderedEmail } from '../email/layout';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';
import { emailLanguageFor } from './email-language';

/** How long a repeated delivery waits for another one that is sending the same email right now. */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The order's page: a customer opens it by id in their account; a guest's proof is the payment session id. */
export function orderPageUrl(order: Pick<Order, 'id' | 'userId' | 'stripeSessionId'>): string {
  const reference = order.userId || !order.stripeSessionId ? order.id : order.stripeSessionId;
  return `${config().webUrl.replace(/\/$/, '')}/order-confirmation/${encodeURIComponent(reference)}`;
}

/**
 * Sends one email about an order once, whatever the bus redelivers: the first delivery claims
 * the email (`kind`) on the order and marks it sent; a repeated one finds it sent (or waits for
 * the delivery sending it) and sends nothing. A failed send gives the claim back and throws, so
 * the bus retries (and finally dead-letters) the event; a claim left by a crashed delivery
 * expires and is taken over. Once the email is sent the delivery succeeds, even if the sent-mark
 * cannot be written, so that a retry or redrive never sends it twice. The email is in the customer's email language (their account's
 * choice, else the order's).
 */
export async function sendOrderEmailOnce(
  order: Order,
  kind: string,
  compose: (context: { locale: Locale; orderUrl: string }) => RenderedEmail | Promise<RenderedEmail>,
): Promise<void> {
  let claim = await orders.claimEmail(order.id, kind, new Date());
  for (let waited = 0; claim.outcome === 'busy' && waited < BUSY_WAIT_MS; waited += BUSY_POLL_MS) {
    await sleep(BUSY_POLL_MS);
    claim = await orders.claimEmail(order.id, kind, new Date());
  }
  if (claim.outcome !== 'claimed') {
    if (claim.outcome === 'busy')
      throw new Error(`Email ${kind} of order ${order.id} is being sent by another delivery`);
    logger.info('Order email already sent', { orderId: order.id, kind });
    return;
  }
  try {
    const locale = await emailLanguageFor(order.userId, order.locale);
    await sendEmail(order.email, await compose({ locale, orderUrl: orderPageUrl(order) }), {
      kind: kind === 'confirmation' ? 'order-confirmation' : 'order-status',
    });
  } catch (err) {
    await orders
      .releaseEmail(order.id, kind, claim.claimedAt)
      .catch((releaseErr: unknown) =>
        logger.error('Claim not released; it expires', { releaseErr, orderId: order.id }),
      );
    throw err;
  }
  // The email is out: failing the delivery now would have the bus (or a redrive) send it again.
  // A marker that cannot be written is logged instead; the live claim keeps a repeated delivery
  // away for its lease, and the bus has nothing to retry.
  await orders
    .markEmailSent(order.id, kind, new Date().toISOString())
    .catch((markErr: unknown) =>
      logger.error('Order email sent but not marked as sent', { markErr, orderId: order.id, kind }),
    );
}
