import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, CheckoutResponse } from '@linea/shared/contracts/checkout';
import { priceOrder } from '@linea/shared/domain/pricing';
import { imageForColor } from '@linea/shared/domain/product-image';
import { colorName, localiseProduct } from '@linea/shared/domain/product-texts';
import { sizeLabel } from '@linea/shared/domain/sizes';
import {
  OutOfStockError,
  PaymentSessionFailedError,
  PromoInvalidError,
  ValidationError,
  type FieldIssue,
} from '@linea/shared/errors';
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

/** A product with no options at all is ordered with none (an empty size or colour). */
function offers(options: readonly string[], chosen: string): boolean {
  return options.length ? options.includes(chosen) : chosen === '';
}

/**
 * Checks each line against the catalogue and prices it; every problem is named by its field.
 * Only an admin's manual order may set its own `unitPrice`.
 */
export function priceLines(
  request: Pick<CheckoutRequest, 'lines' | 'locale'>,
  catalogue: ReadonlyMap<string, Product>,
  unitPrice?: number,
): OrderItem[] {
  const issues: FieldIssue[] = [];
  const items: OrderItem[] = [];
  for (const [index, line] of request.lines.entries()) {
    const product = catalogue.get(line.productId);
    if (!product) {
      issues.push({ field: `lines.${index}.productId`, message: 'No such product' });
      continue;
    }
    const texts = localiseProduct(product, request.locale);
    if (!offers(product.sizes, line.size)) {
      issues.push({ field: `lines.${index}.size`, message: 'Not a size of this product' });
    }
    if (!offers(product.colors, line.color)) {
      issues.push({ field: `lines.${index}.color`, message: 'Not a colour of this product' });
    }
    items.push({
      productId: product.id,
      // The order keeps the texts the shopper bought with, in the language they bought in.
      name: texts.name,
      image: imageForColor(product, line.color),
      size: line.size,
      color: line.color,
      sizeLabel: line.size && sizeLabel(line.size, request.locale),
      colorName: line.color && colorName(product, line.color, request.locale),
      unitPrice: unitPrice ?? product.price,
      quantity: line.quantity,
      lineTotal: (unitPrice ?? product.price) * line.quantity,
    });
  }
  if (issues.length) {
    throw new ValidationError(`Invalid body: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, issues);
  }
  return items;
}

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
