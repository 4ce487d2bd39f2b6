import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, CheckoutResponse } from '@linea/shared/contracts/checkout';
import { priceOrder } from '@linea/shared/domain/pricing';
import { OutOfStockError, PaymentSessionFailedError, PromoInvalidError } from '@linea/shared/errors';
import { toPromo, promos as promoRepository, type PromoRepository } from '../data/promo-repository';
import { products as productRepository, type Product, type ProductRepository } from '../data/product-repository';
import {
  orders as orderRepository,
  StockShortageError,
  stockByProduct,
  type Order,
  type OrderItem,
  type OrderRepository,
} from '../data/order-repository';
import type { Actor } from '../lib/auth';
import { logger } from '../lib/logger';
import { expireCheckout, openCheckout } from '../lib/payments';
import { priceLines } from './price-lines';
import { publishOrderEvents } from './publish-order-events';

interface Deps {
  products: Pick<ProductRepository, 'getMany'>;
  promos: Pick<PromoRepository, 'getActive'>;
  orders: Pick<OrderRepository, 'placeWithStockReservation' | 'attachCheckoutSession' | 'transition'>;
  openCheckout: typeof openCheckout;
  expireCheckout: typeof expireCheckout;
  publishOrderEvents: (orderId: string) => Promise<void>;
  now: () => Date;
  newId: () => string;
}

const defaults: Deps = {
  products: productRepository,
  promos: promoRepository,
  orders: orderRepository,
  openCheckout,
  expireCheckout,
  publishOrderEvents: (orderId) => publishOrderEvents(orderId),
  now: () => new Date(),
  newId: randomUUID,
};

function shortageOf(
  items: readonly OrderItem[],
  catalogue: ReadonlyMap<string, Product>,
  productIds: readonly string[],
) {
  return items
    .filter((item) => productIds.includes(item.productId))
    .map((item) => ({
      productId: item.productId,
      size: item.size,
      color: item.color,
      requested: item.quantity,
      available: Math.max(0, catalogue.get(item.productId)?.stockQuantity ?? 0),
    }));
}

/**
 * POST /checkout: prices the lines from the catalogue (never from the request), applies the
 * promo code, writes the pending order and reserves its stock in one transaction, then opens
 * the hosted payment page. If the payment provider fails, the order is cancelled and its units
 * go back on the shelf before the error reaches the shopper, who can simply try again.
 */
export async function placeOrder(
  request: CheckoutRequest,
  actor: Actor | undefined,
  deps: Deps = defaults,
): Promise<CheckoutResponse> {
  const catalogue = new Map(
    // A product the admin took out of the shop cannot be bought: it is priced as an unknown one.
    (await deps.products.getMany(request.lines.map((line) => line.productId)))
      .filter((p) => p.active)
      .map((p) => [p.id, p]),
  );
  const items = priceLines(request, catalogue);

  const sold = [...stockByProduct(items)]
    .filter(([productId, quantity]) => (catalogue.get(productId)?.stockQuantity ?? 0) < quantity)
    .map(([productId]) => productId);
  if (sold.length) throw new OutOfStockError(shortageOf(items, catalogue, sold));

  const promoCode = request.promoCode ? await deps.promos.getActive(request.promoCode) : undefined;
  if (request.promoCode && !promoCode) throw new PromoInvalidError(request.promoCode);
  const promo = promoCode ? toPromo(promoCode) : undefined;
  const totals = priceOrder(items, promo);

  const at = deps.now().toISOString();
  const order: Order = {
    id: deps.newId(),
    ...(actor ? { userId: actor.userId } : {}),
    ...request.customer,
    locale: request.locale,
    items,
    ...totals,
    ...(promo ? { promo: { code: promo.code, type: promo.type } } : {}),
    status: 'pending',
    statusHistory: [{ status: 'pending', at, reason: 'placed' }],
    createdAt: at,
    updatedAt: at,
  };

  try {
    await deps.orders.placeWithStockReservation(order);
  } catch (err) {
    if (!(err instanceof StockShortageError)) throw err;
    // Someone took the units between our read and the transaction: say what is left now.
    const fresh = new Map((await deps.products.getMany(err.productIds)).map((p) => [p.id, p]));
    throw new OutOfStockError(shortageOf(items, fresh, err.productIds));
  }

  let sessionId: string | undefined;
  try {
    const checkout = await deps.openCheckout(order, deps.now().getTime());
    sessionId = checkout.sessionId;
    await deps.orders.attachCheckoutSession(order.id, checkout.sessionId, deps.now().toISOString());
    return { orderId: order.id, sessionId: checkout.sessionId, url: checkout.url };
  } catch (err) {
    logger.error('Could not open a payment session; cancelling the order', { err, orderId: order.id });
    if (sessionId)
      await deps.expireCheckout(sessionId).catch((expireErr: unknown) => logger.error('expire failed', { expireErr }));
    await deps.orders.transition(order, 'cancelled', {
      reason: 'payment_session_failed',
      at: deps.now().toISOString(),
    });
    await deps
      .publishOrderEvents(order.id)
      .catch((publishErr: unknown) =>
        logger.error('OrderStatusChanged stays in the outbox', { publishErr, orderId: order.id }),
      );
    throw new PaymentSessionFailedError({ cause: err });
  }
}
