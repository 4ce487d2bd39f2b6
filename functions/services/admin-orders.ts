import { randomUUID } from 'node:crypto';
import type { AdminManualOrderRequest, AdminOrderUpdateRequest } from '@linea/shared/contracts/admin';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { includedVat } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { NotFoundError, OutOfStockError, ValidationError, type FieldIssue } from '@linea/shared/errors';
import {
  orders as orderRepository,
  StockShortageError,
  toOrderDto,
  type Order,
  type OrderRepository,
} from '../data/order-repository';
import { products as productRepository, type ProductRepository } from '../data/product-repository';
import type { Actor } from '../lib/auth';
import { logger } from '../lib/logger';
import { recordOrderPlaced } from '../lib/metrics';
import { priceLines } from './price-lines';
import { publishOrderEvents } from './publish-order-events';

interface Deps {
  orders: Pick<OrderRepository, 'getById' | 'adminUpdate'>;
  publish: (orderId: string) => Promise<void>;
  now: () => Date;
}

const defaults: Deps = {
  orders: orderRepository,
  publish: (orderId) => publishOrderEvents(orderId),
  now: () => new Date(),
};

/**
 * PATCH /admin/orders/{id}: sets the status, tracking and message, and has the customer emailed
 * (through OrderStatusChanged). Read, change on the condition that nobody changed it meanwhile,
 * and if somebody did, read again: the admin's form states what the order should be now.
 */
export async function updateOrderStatus(
  orderId: string,
  request: AdminOrderUpdateRequest,
  actor: Actor,
  deps: Deps = defaults,
): Promise<OrderDto> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const order = await deps.orders.getById(orderId);
    if (!order) throw new NotFoundError('Order', orderId);
    let result;
    try {
      result = await deps.orders.adminUpdate(order, request, actor, deps.now().toISOString());
    } catch (err) {
      if (!(err instanceof StockShortageError)) throw err;
      // Reviving a cancelled order takes its units again; some are gone.
      throw new OutOfStockError(err.productIds.map((productId) => ({ productId })));
    }
    if (result.outcome === 'stale') continue;
    if (result.outcome === 'unchanged') return toOrderDto(order);
    // The change and its event are stored; a bus that fails now leaves the event in the outbox.
    await deps
      .publish(orderId)
      .catch((err: unknown) => logger.error('Order events left in the outbox', { err, orderId }));
    return toOrderDto(result.order);
  }
  throw new Error(`Order ${orderId} kept changing while the admin updated it`);
}

interface ManualDeps {
  products: Pick<ProductRepository, 'getMany'>;
  orders: Pick<OrderRepository, 'placeManualOrder'>;
  publish: (orderId: string) => Promise<void>;
  now: () => Date;
  newId: () => string;
}

const manualDefaults: ManualDeps = {
  products: productRepository,
  orders: orderRepository,
  publish: (orderId) => publishOrderEvents(orderId),
  now: () => new Date(),
  newId: randomUUID,
};

/**
 * POST /admin/orders (spec §5, §9): one product in a size and colour it has, at the catalogue's
 * price or the admin's own, plus the manual-order shipping; confirmed at once, its stock
 * reserved, the customer mailed the confirmation through the event.
 */
export async function createManualOrder(
  request: AdminManualOrderRequest,
  actor: Actor,
  deps: ManualDeps = manualDefaults,
): Promise<OrderDto> {
  const catalogue = new Map((await deps.products.getMany([request.line.productId])).map((p) => [p.id, p]));
  let items;
  try {
    items = priceLines({ lines: [request.line], locale: request.locale }, catalogue, request.unitPrice);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    // The checkout's `lines.0.size` is this request's `line.size`.
    const issues = (err.details?.fields ?? []) as FieldIssue[];
    const fields = issues.map((issue) => ({ ...issue, field: issue.field.replace(/^lines\.0\./, 'line.') }));
    throw new ValidationError(err.message.replaceAll('lines.0.', 'line.'), fields);
  }
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const shipping = SHOP_POLICY.manualOrderShippingFee;
  const total = subtotal + shipping;
  const at = deps.now().toISOString();
  const order: Order = {
    id: deps.newId(),
    ...request.customer,
    locale: request.locale,
    items,
    subtotal,
    shipping,
    discount: 0,
    total,
    vat: includedVat(total),
    status: 'confirmed',
    statusHistory: [
      { status: 'pending', at, reason: 'placed' },
      { status: 'confirmed', at, reason: 'manual_order' },
    ],
    createdAt: at,
    updatedAt: at,
  };
  try {
    await deps.orders.placeManualOrder(order, actor);
  } catch (err) {
    if (!(err instanceof StockShortageError)) throw err;
    const product = catalogue.get(request.line.productId);
    throw new OutOfStockError([
      {
        productId: request.line.productId,
        size: request.line.size,
        color: request.line.color,
        requested: request.line.quantity,
        available: Math.max(0, product?.stockQuantity ?? 0),
      },
    ]);
  }
  // A manual order is an order placed, paid outside the shop: the dashboard's orders and revenue
  // count it as the admin's figures do.
  recordOrderPlaced(order.total);
  await deps
    .publish(order.id)
    .catch((err: unknown) => logger.error('Order events left in the outbox', { err, orderId: order.id }));
  return toOrderDto(order);
}
