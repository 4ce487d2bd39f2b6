import type { OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import type { Locale } from '@linea/shared/domain/money';
import { orderNumber } from '@linea/shared/domain/order';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { fill } from './format';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * What the customer hears when the shop updates their order: the new status, the admin's note
 * (quoted as written), the carrier and a working tracking link, in the language of their order.
 */
export function orderStatusUpdateEmail(
  order: { id: string; firstName: string },
  change: Pick<OrderStatusChangedV1, 'from' | 'to' | 'message' | 'carrier' | 'trackingNumber' | 'trackingUrl'>,
  options: { locale: Locale; orderUrl: string },
): RenderedEmail {
  const dictionary = serverDictionaries[options.locale];
  const t = dictionary.email.orderStatusUpdate;
  const number = orderNumber(order.id);
  const status = dictionary.orderStatuses[change.to];
  const tracking = change.trackingNumber
    ? change.carrier
      ? fill(t.tracking, { carrier: change.carrier, trackingNumber: change.trackingNumber })
      : fill(t.trackingNoCarrier, { trackingNumber: change.trackingNumber })
    : undefined;
  return renderEmail({
    lang: options.locale,
    subject: fill(t.subject, { number, status }),
    heading: fill(t.heading, { name: order.firstName }),
    paragraphs: [
      fill(change.from === change.to ? t.unchanged : t.status, { number, status }),
      ...(tracking ? [tracking] : []),
      ...(change.to === 'cancelled' && change.from !== 'cancelled' && change.from !== 'pending' ? [t.cancelled] : []),
    ],
    ...(change.message ? { quote: { label: t.messageLabel, text: change.message } } : {}),
    action: change.trackingUrl ? { label: t.track, url: change.trackingUrl } : { label: t.view, url: options.orderUrl },
    footer: dictionary.email.footer,
  });
}
