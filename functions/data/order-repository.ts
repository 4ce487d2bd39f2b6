import { randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import type { OrderDto } from '@linea/shared/contracts/orders';
import type { Locale } from '@linea/shared/domain/money';
import { orderNumber } from '@linea/shared/domain/order';
import {
  releasesStock,
  reservesStock,
  type OrderStatus,
  type StatusChangeReason,
} from '@linea/shared/domain/order-status';
import type { PromoType } from '@linea/shared/domain/promo';
import type { OrderForStats } from '@linea/shared/domain/stats';
import { PromoInvalidError } from '@linea/shared/errors';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems } from './query-pages';
import { cancellationReasons, withConflictRetries } from './transactions';
import { auditEntryPut } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import type { Actor } from '../lib/auth';

export const ORDER_ENTITY = 'Order';
const SCHEMA_VERSION = 1;
/** How long a Stripe event id is remembered: Stripe retries a delivery for up to three days. */
const STRIPE_EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface OrderItem {
  productId: string;
  /** The product's name in the order's language when it was bought; a later rename leaves it. */
  name: string;
  image: string;
  /** Size and colour keys, as the catalogue knows them. */
  size: string;
  color: string;
  /** Their texts in the order's language when it was bought ("Einheitsgrösse", "Schwarz"). */
  sizeLabel: string;
  colorName: string;
  /** Rappen, VAT included, as charged. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface StatusChange {
  status: OrderStatus;
  at: string;
  reason: StatusChangeReason | 'placed';
}

export interface Order {
  id: string;
  /** The signed-in customer's Cognito sub; absent for a guest. */
  userId?: string;
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  zipCode: string;
  country: string;
  /** Language of the checkout: of the payment page and of every email about the order. */
  locale: Locale;
  items: OrderItem[];
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  vat: number;
  promo?: { code: string; type: PromoType };
  status: OrderStatus;
  statusHistory: StatusChange[];
  stripeSessionId?: string;
  trackingNumber?: string;
  carrier?: string;
  trackingUrl?: string;
  createdAt: string;
  updatedAt: string;
}

/** What an admin's status update sets: the status, the parcel's tracking (absent = none) and a message. */
export interface AdminOrderUpdate {
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  message?: string;
}

/** An event written in the same transaction as the change it announces, published after it (transactional outbox). */
export interface OutboxEntry {
  id: string;
  detailType: 'OrderStatusChanged';
  detail: OrderStatusChangedV1;
}

/** Units a line set takes off (or puts back on) each product's shelf. */
export function stockByProduct(items: readonly Pick<OrderItem, 'productId' | 'quantity'>[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  return units;
}

/** Not enough units of these products: the order was not written. */
export class StockShortageError extends Error {
  constructor(readonly productIds: readonly string[]) {
    super(`Not enough stock of ${productIds.join(', ')}`);
    this.name = 'StockShortageError';
  }
}

export type TransitionResult =
  /** The order moved; its OrderStatusChanged event waits in the outbox. */
  | { readonly outcome: 'changed'; readonly order: Order }
  /** Someone moved the order first: nothing was written. */
  | { readonly outcome: 'stale' }
  /** This payment event was already acted on: nothing was written. */
  | { readonly outcome: 'duplicate-event' };

/**
 * A line of a product with no sizes, colours or images has empty strings there. DynamoDB takes
 * them since 2020, DynamoDB Local 1.11 does not, so lines are stored without them and read back
 * with them.
 */
const storedLine = (item: OrderItem): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== ''));
const readLine = (stored: Record<string, unknown>): OrderItem => {
  const line = { image: '', size: '', color: '', ...stored } as Omit<OrderItem, 'sizeLabel' | 'colorName'> &
    Partial<OrderItem>;
  // Lines stored before orders kept their texts show the keys, which are the English texts.
  return { ...line, sizeLabel: line.sizeLabel ?? line.size, colorName: line.colorName ?? line.color };
};

/**
 * The OrderStatusChanged an order change writes into its outbox. `extra` carries what an admin
 * told the customer (message, tracking); empty values are left out.
 */
function statusChangedEntry(
  order: Order,
  change: { from: OrderStatus; to: OrderStatus; reason: StatusChangeReason; at: string },
  extra: Partial<Pick<OrderStatusChangedV1, 'message' | 'carrier' | 'trackingNumber' | 'trackingUrl'>> = {},
): Omit<OutboxEntry, 'id'> {
  return {
    detailType: 'OrderStatusChanged',
    detail: {
      version: 1,
      orderId: order.id,
      from: change.from,
      to: change.to,
      reason: change.reason,
      email: order.email,
      locale: order.locale,
      changedAt: change.at,
      ...Object.fromEntries(Object.entries(extra).filter(([, value]) => value)),
    },
  };
}

export function toItem(order: Order): Record<string, unknown> {
  return {
    ...keys.order(order.id),
    ...(order.userId ? keys.orderByCustomer(order.userId, order.createdAt) : {}),
    ...keys.orderByRecency(order.createdAt),
    entity: ORDER_ENTITY,
    schemaVersion: SCHEMA_VERSION,
    ...order,
    items: order.items.map(storedLine),
    outbox: {},
  };
}

function fromItem(item: Record<string, unknown>): Order {
  const {
    PK: _pk,
    SK: _sk,
    GSI1PK: _g1pk,
    GSI1SK: _g1sk,
    GSI3PK: _g3pk,
    GSI3SK: _g3sk,
    entity: _entity,
    schemaVersion: _version,
    outbox: _outbox,
    ...order
  } = item;
  return { ...order, items: ((order.items ?? []) as Record<string, unknown>[]).map(readLine) } as unknown as Order;
}

function outboxOf(item: Record<string, unknown>): OutboxEntry[] {
  const outbox = (item.outbox ?? {}) as Record<string, Omit<OutboxEntry, 'id'>>;
  return Object.entries(outbox)
    .map(([id, entry]) => ({ id, ...entry }))
    .sort((a, b) => a.detail.changedAt.localeCompare(b.detail.changedAt));
}

export function toOrderDto(order: Order): OrderDto {
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    createdAt: order.createdAt,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    address: order.address,
    city: order.city,
    zipCode: order.zipCode,
    country: order.country,
    locale: order.locale,
    items: order.items.map((item) => ({ ...item })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    total: order.total,
    vat: order.vat,
    ...(order.promo ? { promo: order.promo } : {}),
    ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    ...(order.carrier ? { carrier: order.carrier } : {}),
    ...(order.trackingUrl ? { trackingUrl: order.trackingUrl } : {}),
  };
}

export function createOrderRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  async function getItem(id: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.order(id), ConsistentRead: true }));
    return Item;
  }

  function stockUpdate(productId: string, delta: number, guardStock: boolean) {
    return {
      Update: {
        TableName: table(),
        Key: keys.product(productId),
        UpdateExpression: 'SET stockQuantity = stockQuantity + :delta',
        ConditionExpression: guardStock
          ? 'attribute_exists(PK) AND stockQuantity >= :needed'
          : // Putting units back on a product that was deleted must not create a stub item.
            'attribute_exists(PK)',
        ExpressionAttributeValues: { ':delta': delta, ...(guardStock ? { ':needed': -delta } : {}) },
      },
    };
  }

  /**
   * An order holds one use of its promo code while it holds its stock (from checkout until it is
   * cancelled or expires). The checkout takes the use on the condition that the code may still
   * be used; giving it back, or an admin reviving an order, only needs the code to exist (and,
   * giving back, a use to give): a code deleted since is left out, never re-created.
   */
  function promoUseUpdate(code: string, delta: 1 | -1, checkout?: { at: string }) {
    const conditions = checkout
      ? 'attribute_exists(PK) AND isActive = :active AND (attribute_not_exists(usageLimit) OR attribute_not_exists(uses) OR uses < usageLimit) AND (attribute_not_exists(validFrom) OR validFrom <= :at) AND (attribute_not_exists(validUntil) OR validUntil > :at)'
      : delta < 0
        ? 'attribute_exists(PK) AND uses > :none'
        : 'attribute_exists(PK)';
    return {
      Update: {
        TableName: table(),
        Key: keys.promo(code),
        UpdateExpression: 'ADD uses :delta',
        ConditionExpression: conditions,
        ExpressionAttributeValues: {
          ':delta': delta,
          ...(checkout ? { ':active': true, ':at': checkout.at } : delta < 0 ? { ':none': 0 } : {}),
        },
      },
    };
  }

  return {
    /** Pattern 6: the order with its items. */
    async getById(id: string): Promise<Order | undefined> {
      const item = await getItem(id);
      return item ? fromItem(item) : undefined;
    },

    /** The order and the events it still has to publish. */
    async getWithOutbox(id: string): Promise<{ order: Order; outbox: OutboxEntry[] } | undefined> {
      const item = await getItem(id);
      return item ? { order: fromItem(item), outbox: outboxOf(item) } : undefined;
    },

    /**
     * Pattern 10: writes the pending order and takes its units off each product's stock in one
     * transaction, each product on the condition that enough is left. Either all of it happens
     * or nothing does: StockShortageError names the products that were short.
     */
    async placeWithStockReservation(order: Order): Promise<void> {
      const units = [...stockByProduct(order.items)];
      const promoIndex = 1 + units.length;
      try {
        await withConflictRetries(() =>
          db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: { TableName: table(), Item: toItem(order), ConditionExpression: 'attribute_not_exists(PK)' },
                },
                ...units.map(([productId, quantity]) => stockUpdate(productId, -quantity, true)),
                ...(order.promo ? [promoUseUpdate(order.promo.code, 1, { at: order.createdAt })] : []),
              ],
            }),
          ),
        );
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons) throw err;
        const short = units.filter((_, index) => reasons[index + 1]?.Code === 'ConditionalCheckFailed');
        if (reasons[0]?.Code === 'ConditionalCheckFailed')
          throw new Error(`Order ${order.id} already exists`, { cause: err });
        // Used up (or switched off, or out of its window) since the shopper's lookup.
        if (order.promo && !short.length && reasons[promoIndex]?.Code === 'ConditionalCheckFailed')
          throw new PromoInvalidError(order.promo.code);
        throw new StockShortageError(short.length ? short.map(([id]) => id) : units.map(([id]) => id));
      }
    },

    /**
     * An admin's manual order (spec §5): written confirmed, with its units taken off the shelf
     * on the condition that enough is left, its OrderStatusChanged in the outbox (so the
     * customer is mailed the confirmation and the figures count it) and the audit entry, all in
     * one transaction.
     */
    async placeManualOrder(order: Order, actor: Actor): Promise<void> {
      const units = [...stockByProduct(order.items)];
      const outboxId = randomUUID();
      const entry = statusChangedEntry(order, {
        from: 'pending',
        to: order.status,
        reason: 'manual_order',
        at: order.createdAt,
      });
      const items = [
        {
          Put: {
            TableName: table(),
            Item: { ...toItem(order), outbox: { [outboxId]: entry } },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        auditEntryPut(table(), {
          actor,
          action: 'CREATE',
          table: 'orders',
          recordId: order.id,
          after: toOrderDto(order),
          at: order.createdAt,
        }),
      ];
      try {
        await withConflictRetries(() =>
          db.send(
            new TransactWriteCommand({
              TransactItems: [
                ...items,
                ...units.map(([productId, quantity]) => stockUpdate(productId, -quantity, true)),
              ],
            }),
          ),
        );
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons) throw err;
        const short = units.filter((_, index) => reasons[items.length + index]?.Code === 'ConditionalCheckFailed');
        if (short.length) throw new StockShortageError(short.map(([id]) => id));
        throw err;
      }
    },

    /** Records the payment session opened for a pending order. */
    async attachCheckoutSession(orderId: string, sessionId: string, now: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.order(orderId),
          UpdateExpression: 'SET stripeSessionId = :session, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(stripeSessionId)',
          ExpressionAttributeValues: { ':session': sessionId, ':now': now },
        }),
      );
    },

    /**
     * Patterns 11 and 23: moves the order from its current status to `to` on the condition
     * that nobody moved it meanwhile, gives units back (or takes them again) as the change
     * requires, records the Stripe event that caused it, and puts OrderStatusChanged in the
     * order's outbox, all in one transaction. A product deleted since is left out of the stock
     * change rather than failing the transition.
     */
    async transition(
      order: Order,
      to: OrderStatus,
      change: { reason: StatusChangeReason; at: string; stripeEventId?: string },
    ): Promise<TransitionResult> {
      const from = order.status;
      const sign = releasesStock(from, to) ? 1 : reservesStock(from, to) ? -1 : 0;
      let units = sign ? [...stockByProduct(order.items)] : [];
      let promoCode = sign && order.promo ? order.promo.code : undefined;
      const outboxId = randomUUID();
      const entry = statusChangedEntry(order, { from, to, reason: change.reason, at: change.at });
      for (;;) {
        const items = [
          {
            Update: {
              TableName: table(),
              Key: keys.order(order.id),
              UpdateExpression:
                'SET #status = :to, updatedAt = :at, statusHistory = list_append(if_not_exists(statusHistory, :empty), :history), outbox.#entry = :entry',
              ConditionExpression: '#status = :from',
              ExpressionAttributeNames: { '#status': 'status', '#entry': outboxId },
              ExpressionAttributeValues: {
                ':to': to,
                ':from': from,
                ':at': change.at,
                ':empty': [],
                ':history': [{ status: to, at: change.at, reason: change.reason } satisfies StatusChange],
                ':entry': entry,
              },
            },
          },
          ...(change.stripeEventId
            ? [
                {
                  Put: {
                    TableName: table(),
                    Item: {
                      ...keys.stripeEvent(change.stripeEventId),
                      entity: 'StripeEvent',
                      schemaVersion: 1,
                      orderId: order.id,
                      receivedAt: change.at,
                      expiresAt: Math.floor(Date.parse(change.at) / 1000) + STRIPE_EVENT_TTL_SECONDS,
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                },
              ]
            : []),
        ];
        const stockStart = items.length;
        try {
          await withConflictRetries(() =>
            db.send(
              new TransactWriteCommand({
                TransactItems: [
                  ...items,
                  ...units.map(([productId, quantity]) => stockUpdate(productId, sign * quantity, sign < 0)),
                  ...(promoCode ? [promoUseUpdate(promoCode, sign > 0 ? -1 : 1)] : []),
                ],
              }),
            ),
          );
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (!reasons) throw err;
          if (reasons[0]?.Code === 'ConditionalCheckFailed') return { outcome: 'stale' };
          if (change.stripeEventId && reasons[1]?.Code === 'ConditionalCheckFailed')
            return { outcome: 'duplicate-event' };
          const gone = units.filter((_, index) => reasons[stockStart + index]?.Code === 'ConditionalCheckFailed');
          const promoGone =
            promoCode !== undefined && reasons[stockStart + units.length]?.Code === 'ConditionalCheckFailed';
          if (!gone.length && !promoGone) throw err;
          if (gone.length && sign < 0) throw new StockShortageError(gone.map(([id]) => id));
          units = units.filter((unit) => !gone.includes(unit));
          if (promoGone) promoCode = undefined;
          continue;
        }
        const history = [...(order.statusHistory ?? []), { status: to, at: change.at, reason: change.reason }];
        return { outcome: 'changed', order: { ...order, status: to, updatedAt: change.at, statusHistory: history } };
      }
    },

    /**
     * An admin's status update (spec §2 "Update Order Status"): the status (any, spec §4), the
     * parcel's tracking and a message for the customer. One transaction changes the order on the
     * condition that nobody changed it since it was read, moves stock when the order is
     * cancelled or revived, puts OrderStatusChanged in the outbox and writes the audit entry.
     */
    async adminUpdate(
      order: Order,
      update: AdminOrderUpdate,
      actor: Actor,
      at: string,
    ): Promise<{ outcome: 'changed'; order: Order } | { outcome: 'stale' } | { outcome: 'unchanged' }> {
      const from = order.status;
      const to = update.status;
      const tracking = {
        carrier: update.carrier,
        trackingNumber: update.trackingNumber,
        trackingUrl: update.trackingUrl,
      };
      const trackingChanged = (Object.keys(tracking) as (keyof typeof tracking)[]).some(
        (field) => (order[field] ?? undefined) !== tracking[field],
      );
      if (from === to && !trackingChanged && !update.message) return { outcome: 'unchanged' };

      const history = from === to ? [] : [{ status: to, at, reason: 'admin_update' } satisfies StatusChange];
      const changed: Order = {
        ...order,
        status: to,
        ...tracking,
        statusHistory: [...(order.statusHistory ?? []), ...history],
        updatedAt: at,
      };
      const entry = statusChangedEntry(
        order,
        { from, to, reason: 'admin_update', at },
        { message: update.message, ...tracking },
      );
      const set = Object.entries(tracking).filter(([, value]) => value !== undefined);
      const removed = Object.entries(tracking).filter(([, value]) => value === undefined);
      const sign = releasesStock(from, to) ? 1 : reservesStock(from, to) ? -1 : 0;
      const units = sign ? [...stockByProduct(order.items)] : [];
      let promoCode = sign && order.promo ? order.promo.code : undefined;
      const shipment = (o: Order) => ({
        status: o.status,
        ...(o.carrier ? { carrier: o.carrier } : {}),
        ...(o.trackingNumber ? { trackingNumber: o.trackingNumber } : {}),
        ...(o.trackingUrl ? { trackingUrl: o.trackingUrl } : {}),
      });
      const items = [
        {
          Update: {
            TableName: table(),
            Key: keys.order(order.id),
            UpdateExpression: [
              `SET #status = :to, updatedAt = :at, statusHistory = list_append(if_not_exists(statusHistory, :empty), :history), outbox.#entry = :entry${set.map(([field]) => `, ${field} = :${field}`).join('')}`,
              removed.length ? `REMOVE ${removed.map(([field]) => field).join(', ')}` : '',
            ].join(' '),
            ConditionExpression: '#status = :from AND updatedAt = :seen',
            ExpressionAttributeNames: { '#status': 'status', '#entry': randomUUID() },
            ExpressionAttributeValues: {
              ':to': to,
              ':from': from,
              ':seen': order.updatedAt,
              ':at': at,
              ':empty': [],
              ':history': history,
              ':entry': entry,
              ...Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])),
            },
          },
        },
        auditEntryPut(table(), {
          actor,
          action: 'UPDATE',
          table: 'orders',
          recordId: order.id,
          before: shipment(order),
          after: { ...shipment(changed), ...(update.message ? { message: update.message } : {}) },
          at,
        }),
      ];
      for (;;) {
        try {
          await withConflictRetries(() =>
            db.send(
              new TransactWriteCommand({
                TransactItems: [
                  ...items,
                  ...units.map(([productId, quantity]) => stockUpdate(productId, sign * quantity, sign < 0)),
                  ...(promoCode ? [promoUseUpdate(promoCode, sign > 0 ? -1 : 1)] : []),
                ],
              }),
            ),
          );
          return { outcome: 'changed', order: changed };
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (!reasons) throw err;
          if (reasons[0]?.Code === 'ConditionalCheckFailed') return { outcome: 'stale' };
          const short = units.filter((_, index) => reasons[items.length + index]?.Code === 'ConditionalCheckFailed');
          if (short.length) throw new StockShortageError(short.map(([id]) => id));
          // The code was deleted since (or has no use to give back): the order changes without it.
          if (promoCode && reasons[items.length + units.length]?.Code === 'ConditionalCheckFailed') {
            promoCode = undefined;
            continue;
          }
          throw err;
        }
      }
    },

    /**
     * Pattern 9: the newest orders, or those whose id or email contains `query` (ids and emails
     * are stored lower-case), a page at a time. A search reads at most `maxRead` orders per call
     * and hands back a cursor where it stopped, so a rare match in years of orders costs several
     * calls, never one unbounded one.
     */
    async searchRecent(options: {
      query?: string;
      cursor?: string;
      limit: number;
      maxRead?: number;
    }): Promise<{ items: Order[]; nextCursor?: string }> {
      const partition = keys.ordersByRecencyPartition().GSI3PK;
      let startKey: Record<string, unknown> | undefined = decodeCursor(options.cursor, {
        PK: (v) => String(v).startsWith('ORDER#'),
        SK: (v) => v === 'ORDER',
        GSI3PK: (v) => v === partition,
        GSI3SK: () => true,
      });
      const needle = options.query?.trim().toLowerCase();
      const found: Order[] = [];
      const maxRead = options.maxRead ?? 2_000;
      for (let read = 0; found.length < options.limit && read < maxRead;) {
        const page = await db.send(
          new QueryCommand({
            TableName: table(),
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            ExpressionAttributeValues: { ':pk': partition },
            ScanIndexForward: false,
            // Pages no longer than needed, so a cursor can point right after the last order returned.
            Limit: needle ? 100 : options.limit - found.length,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        const pageItems = page.Items ?? [];
        let more = page.LastEvaluatedKey !== undefined;
        for (const [index, item] of pageItems.entries()) {
          read += 1;
          startKey = { PK: item.PK, SK: item.SK, GSI3PK: item.GSI3PK, GSI3SK: item.GSI3SK };
          if (!needle || String(item.id).includes(needle) || String(item.email).includes(needle)) {
            found.push(fromItem(item));
          }
          if (found.length === options.limit) {
            more ||= index < pageItems.length - 1;
            break;
          }
        }
        if (!more) return { items: found };
      }
      return { items: found, ...(startKey ? { nextCursor: encodeCursor(startKey) } : {}) };
    },

    /** Pattern 23 without a status change: false when the event was already recorded. */
    async recordStripeEvent(eventId: string, orderId: string | undefined, at: string): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.stripeEvent(eventId),
              entity: 'StripeEvent',
              schemaVersion: 1,
              ...(orderId ? { orderId } : {}),
              receivedAt: at,
              expiresAt: Math.floor(Date.parse(at) / 1000) + STRIPE_EVENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },

    /** Takes published entries out of the outbox; removing one twice is harmless. */
    async clearOutbox(orderId: string, entryIds: readonly string[]): Promise<void> {
      if (!entryIds.length) return;
      const names = Object.fromEntries(entryIds.map((id, index) => [`#e${index}`, id]));
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.order(orderId),
          UpdateExpression: `REMOVE ${Object.keys(names)
            .map((name) => `outbox.${name}`)
            .join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
        }),
      );
    },

    /**
     * Pattern 7: the customer's orders, newest first, a page at a time. Only orders placed while
     * signed in carry the customer's id; a guest order with the same email is not theirs.
     */
    async listForCustomer(
      userId: string,
      page: { cursor?: string; limit: number },
    ): Promise<{ items: Order[]; nextCursor?: string }> {
      const partition = keys.orderByCustomer(userId, '').GSI1PK;
      const startKey = decodeCursor(page.cursor, {
        PK: (v) => String(v).startsWith('ORDER#'),
        SK: (v) => v === 'ORDER',
        GSI1PK: (v) => v === partition,
        GSI1SK: (v) => String(v).startsWith('ORDER#'),
      });
      const result = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
          ExpressionAttributeValues: { ':pk': partition, ':prefix': 'ORDER#' },
          ScanIndexForward: false,
          Limit: page.limit,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      const next = result.LastEvaluatedKey;
      return {
        items: (result.Items ?? []).map(fromItem),
        ...(next
          ? { nextCursor: encodeCursor({ PK: next.PK, SK: next.SK, GSI1PK: next.GSI1PK, GSI1SK: next.GSI1SK }) }
          : {}),
      };
    },

    /**
     * A deleted account's orders stay for the books (name, address, lines and amounts), without
     * the link to the account: no customer id, no place in the customer's list. Idempotent.
     */
    async detachFromCustomer(userId: string): Promise<number> {
      const items = await queryAllItems(db, {
        TableName: table(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.orderByCustomer(userId, '').GSI1PK, ':prefix': 'ORDER#' },
        ProjectionExpression: 'PK, SK',
      });
      for (const item of items) {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'REMOVE userId, GSI1PK, GSI1SK',
            ConditionExpression: 'attribute_exists(PK)',
          }),
        );
      }
      return items.length;
    },

    async listForStats(): Promise<OrderForStats[]> {
      const items = await queryAllItems(db, {
        TableName: table(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.ordersByRecencyPartition().GSI3PK },
        ProjectionExpression: '#total, #status, userId, email',
        ExpressionAttributeNames: { '#total': 'total', '#status': 'status' },
      });
      return items.map((item) => ({
        total: item.total as number,
        status: item.status as OrderForStats['status'],
        email: (item.email as string) ?? '',
        ...(item.userId ? { userId: item.userId as string } : {}),
      }));
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
export const orders = createOrderRepository();
