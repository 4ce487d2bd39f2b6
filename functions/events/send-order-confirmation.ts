import { orders, toOrderDto } from '../data/order-repository';
import { orderConfirmationEmail } from '../email/order-confirmation';
import { eventConsumer } from '../lib/event-consumer';
import { sendOrderEmailOnce } from '../services/order-emails';

/** Mails the order confirmation when an order becomes confirmed, once per order. */
export const handler = eventConsumer('OrderStatusChanged', async (detail) => {
  if (detail.to !== 'confirmed') return;
  const order = await orders.getById(detail.orderId);
  if (!order) throw new Error(`Order ${detail.orderId} not found for its confirmation email`);
  await sendOrderEmailOnce(order, 'confirmation', ({ locale, orderUrl }) =>
    orderConfirmationEmail({ ...toOrderDto(order), locale }, { orderUrl }),
  );
});
