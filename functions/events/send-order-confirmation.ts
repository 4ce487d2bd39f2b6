import { orders, toOrderDto } from '../data/order-repository';
import { orderConfirmationEmail } from '../email/order-confirmation';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { eventConsumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';
import { emailLanguageFor } from '../services/email-language';

const EMAIL_KIND = 'confirmation';
/** How long a repeated delivery waits for another one that is sending the same email right now. */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mails the order confirmation when an order becomes confirmed, in the customer's email
 * language (their account's choice, else the checkout's),
 * once per order: the first delivery claims the email on the order and marks it sent; a
 * repeated event finds it sent (or waits for the delivery sending it) and sends nothing. A
 * failed send gives the claim back and throws, so the bus retries (and finally dead-letters)
 * the event; a claim left by a crashed delivery expires and is taken over.
 */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  if (detail.to !== 'confirmed') return;
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for its confirmation email`);

  let claim = await orders.claimEmail(order.id, EMAIL_KIND, new Date());
  for (let waited = 0; claim.outcome === 'busy' && waited < BUSY_WAIT_MS; waited += BUSY_POLL_MS) {
    await sleep(BUSY_POLL_MS);
    claim = await orders.claimEmail(order.id, EMAIL_KIND, new Date());
  }
  if (claim.outcome !== 'claimed') {
    if (claim.outcome === 'busy')
      throw new Error(`Confirmation of order ${order.id} is being sent by another delivery`);
    logger.info('Order confirmation already sent', { orderId: order.id });
    return;
  }
  const { claimedAt } = claim;

  try {
    // A customer opens the order by id in their account; a guest's proof is the payment session id.
    const reference = order.userId || !order.stripeSessionId ? order.id : order.stripeSessionId;
    const orderUrl = `${config().webUrl.replace(/\/$/, '')}/order-confirmation/${encodeURIComponent(reference)}`;
    // A customer who chose a language for their emails gets it; a guest, the checkout's.
    const locale = await emailLanguageFor(order.userId, order.locale);
    const email = await orderConfirmationEmail({ ...toOrderDto(order), locale }, { orderUrl });
    await sendEmail(order.email, email);
  } catch (err) {
    await orders
      .releaseEmail(order.id, EMAIL_KIND, claimedAt)
      .catch((releaseErr: unknown) =>
        logger.error('Claim not released; it expires', { releaseErr, orderId: order.id }),
      );
    throw err;
  }
  await orders.markEmailSent(order.id, EMAIL_KIND, new Date().toISOString());
});
