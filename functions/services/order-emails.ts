import type { Locale } from '@linea/shared/domain/money';
import { keys } from '../data/keys';
import type { Order } from '../data/order-repository';
import type { RenderedEmail } from '../email/layout';
import { config } from '../lib/config';
import { sendEmail } from '../lib/email';
import { emailLanguageFor } from './email-language';
import { sendEmailOnce } from './send-email-once';

/** The order's page: a customer opens it by id in their account; a guest's proof is the payment session id. */
export function orderPageUrl(order: Pick<Order, 'id' | 'userId' | 'stripeSessionId'>): string {
  const reference = order.userId || !order.stripeSessionId ? order.id : order.stripeSessionId;
  return `${config().webUrl.replace(/\/$/, '')}/order-confirmation/${encodeURIComponent(reference)}`;
}

/**
 * Sends one email about an order once (sendEmailOnce), its claim kept beside the order under
 * `kind`. The email is in the customer's email language (their account's choice, else the order's).
 */
export async function sendOrderEmailOnce(
  order: Order,
  kind: string,
  compose: (context: { locale: Locale; orderUrl: string }) => RenderedEmail | Promise<RenderedEmail>,
): Promise<void> {
  await sendEmailOnce({
    key: keys.orderEmail(order.id, kind),
    entity: 'OrderEmail',
    logFields: { orderId: order.id, kind },
    send: async () => {
      const locale = await emailLanguageFor(order.userId, order.locale);
      await sendEmail(order.email, await compose({ locale, orderUrl: orderPageUrl(order) }), {
        kind: kind === 'confirmation' ? 'order-confirmation' : 'order-status',
      });
    },
  });
}
