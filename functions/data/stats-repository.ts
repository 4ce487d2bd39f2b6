import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ORDER_STATUSES, type OrderStatus } from '@linea/shared/domain/order-status';
import {
  customerKey,
  statsDelta,
  type DayFigures,
  type StatsDelta,
  type StatsOrder,
} from '@linea/shared/domain/order-stats';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { batchWriteAll } from './batch-write';
import { keys } from './keys';
import { queryAllItems } from './query-pages';
import { cancellationReasons, withConflictRetries } from './transactions';

/**
 * The admin figures' aggregates (pattern 25 in README.md): one item per Zürich day, one all-time
 * item, one paid-order counter per customer, and a marker per applied transition. Counts and
 * sums are kept in flat attributes (`u:<productId>`, `s:<status>`, `c:<customer>`) because
 * DynamoDB cannot ADD into a map that does not exist yet.
 */
const STATUS = 's:';
const UNITS = 'u:';
const REVENUE = 'r:';
const CUSTOMER = 'c:';
/** Long past EventBridge's two-hour retry window: a marker only has to outlive redeliveries. */
const MARKER_TTL_SECONDS = 35 * 24 * 60 * 60;

/** Customers are counted by a hash of their order email: the figures need no one's address. */
export function hashedCustomer(email: string): string {
  return createHash('sha256').update(customerKey(email)).digest('base64url').slice(0, 22);
}

export interface Totals {
  readonly revenue: number;
  readonly orders: number;
  readonly customers: number;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'unchanged';

function dayFromItem(item: Record<string, unknown>): DayFigures {
  const byStatus: Partial<Record<OrderStatus, number>> = {};
  const units: Record<string, number> = {};
  const productRevenue: Record<string, number> = {};
  const customers: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) {
    if (typeof value !== 'number' || value === 0) continue;
    if (name.startsWith(STATUS)) {
      const status = name.slice(STATUS.length) as OrderStatus;
      if (ORDER_STATUSES.includes(status)) byStatus[status] = value;
    } else if (name.startsWith(UNITS)) units[name.slice(UNITS.length)] = value;
    else if (name.startsWith(REVENUE)) productRevenue[name.slice(REVENUE.length)] = value;
    else if (name.startsWith(CUSTOMER)) customers[name.slice(CUSTOMER.length)] = value;
  }
  return {
    day: item.SK as string,
    revenue: (item.revenue as number | undefined) ?? 0,
    orders: (item.orders as number | undefined) ?? 0,
    byStatus,
    units,
    productRevenue,
    customers,
  };
}

/** The day item's counters one transition adds to (or takes from). */
function dayCountersOf(delta: StatsDelta, customer: string): Record<string, number> {
  const counters: Record<string, number> = { revenue: delta.revenue, orders: delta.orders };
  for (const [status, n] of Object.entries(delta.byStatus)) counters[`${STATUS}${status}`] = n;
  for (const [id, n] of Object.entries(delta.units)) counters[`${UNITS}${id}`] = n;
  for (const [id, n] of Object.entries(delta.productRevenue)) counters[`${REVENUE}${id}`] = n;
  if (delta.paid) counters[`${CUSTOMER}${customer}`] = delta.paid;
  return counters;
}

/** Adds each non-zero counter into `into`, as ADD would: a counter once touched stays, even at 0. */
function addCounters(into: Record<string, number>, counters: Record<string, number>): void {
  for (const [name, amount] of Object.entries(counters)) if (amount !== 0) into[name] = (into[name] ?? 0) + amount;
}

export interface PastTransition {
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  readonly changedAt: string;
}

/** ADD expressions for a set of counters, with generated placeholder names. */
function adds(counters: Record<string, number>): {
  clauses: string[];
  names: Record<string, string>;
  values: Record<string, number>;
} {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  Object.entries(counters)
    .filter(([, amount]) => amount !== 0)
    .forEach(([attribute, amount], index) => {
      names[`#a${index}`] = attribute;
      values[`:a${index}`] = amount;
      clauses.push(`#a${index} :a${index}`);
    });
  return { clauses, names, values };
}

export function createStatsRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * Applies one order transition to the figures, once: the marker of (order, time, from, to)
     * is written in the same transaction as the counters, so a redelivered event changes
     * nothing. A customer's first paid order adds one to the all-time customers and their last
     * one leaving `paid` takes it away; both are decided by a condition on the customer's
     * counter in the same transaction, so concurrent orders of one customer count right.
     */
    async applyTransition(orderId: string, order: StatsOrder, change: PastTransition): Promise<ApplyOutcome> {
      const delta = statsDelta(order, change.from, change.to);
      if (!delta) return 'unchanged';
      const customer = hashedCustomer(order.email);
      const day = adds(dayCountersOf(delta, customer));

      const marker = {
        Put: {
          TableName: table(),
          Item: {
            ...keys.statsTransition(orderId, `${change.changedAt}#${change.from}#${change.to}`),
            entity: 'StatsTransition',
            schemaVersion: 1,
            expiresAt: Math.floor(Date.parse(change.changedAt) / 1000) + MARKER_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
      const dayUpdate = {
        Update: {
          TableName: table(),
          Key: keys.statsDay(delta.day),
          UpdateExpression: `SET entity = :entity, schemaVersion = :v ADD ${day.clauses.join(', ')}`,
          ExpressionAttributeNames: day.names,
          ExpressionAttributeValues: { ...day.values, ':entity': 'StatsDay', ':v': 1 },
        },
      };

      // Whether this order makes (or unmakes) a customer: first guess that it does, and let the
      // counter's condition say otherwise.
      for (let attempt = 0, crossing = true; ; attempt += 1, crossing = !crossing) {
        const items: object[] = [marker, dayUpdate];
        const totals = adds({
          revenue: delta.revenue,
          orders: delta.orders,
          customers: delta.paid && crossing ? delta.paid : 0,
        });
        if (totals.clauses.length) {
          items.push({
            Update: {
              TableName: table(),
              Key: keys.statsTotals(),
              UpdateExpression: `SET entity = :entity ADD ${totals.clauses.join(', ')}`,
              ExpressionAttributeNames: totals.names,
              ExpressionAttributeValues: { ...totals.values, ':entity': 'StatsTotals' },
            },
          });
        }
        if (delta.paid) {
          // A customer counts while their counter is above 0: entering crosses from 0 (or no
          // counter), leaving crosses from 1. Counters may dip below 0 while events arrive out
          // of order; the crossings still add up.
          const entering = delta.paid > 0;
          const edge = entering ? 0 : 1;
          const isEdge = entering ? 'attribute_not_exists(paidOrders) OR paidOrders = :edge' : 'paidOrders = :edge';
          const notEdge = entering
            ? 'attribute_exists(paidOrders) AND paidOrders <> :edge'
            : 'attribute_not_exists(paidOrders) OR paidOrders <> :edge';
          items.push({
            Update: {
              TableName: table(),
              Key: keys.statsCustomer(customer),
              UpdateExpression: 'SET entity = :entity ADD paidOrders :delta',
              ConditionExpression: crossing ? isEdge : notEdge,
              ExpressionAttributeValues: { ':entity': 'StatsCustomer', ':delta': delta.paid, ':edge': edge },
            },
          });
        }
        try {
          await withConflictRetries(() => db.send(new TransactWriteCommand({ TransactItems: items as never })));
          return 'applied';
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (!reasons) throw err;
          if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'duplicate';
          const guessedWrong = delta.paid && reasons[items.length - 1]?.Code === 'ConditionalCheckFailed';
          // Each wrong guess means the counter moved meanwhile; that cannot go on for long.
          if (guessedWrong && attempt < 20) continue;
          throw err;
        }
      }
    },

    /**
     * The figures of a whole history at once, for a table that has none yet (the local demo
     * seed): the day, all-time and customer items that applying each transition in turn would
     * leave, summed here and written in batches instead of one transaction per transition
     * (about 40 s of DynamoDB Local for a demo's 1,250 transitions). The applied markers are
     * left out: they only stop a redelivered event, and this history was never delivered.
     * `inFlight`: batch writes at a time (batchWriteAll).
     * @returns the number of transitions that changed the figures.
     */
    async seedHistory(
      history: Iterable<{
        readonly orderId: string;
        readonly order: StatsOrder;
        readonly transitions: readonly PastTransition[];
      }>,
      { inFlight = 1 }: { readonly inFlight?: number } = {},
    ): Promise<number> {
      const days = new Map<string, Record<string, number>>();
      const totals: Record<string, number> = {};
      const paidOrders = new Map<string, number>();
      let applied = 0;
      for (const { order, transitions } of history) {
        for (const change of transitions) {
          const delta = statsDelta(order, change.from, change.to);
          if (!delta) continue;
          applied += 1;
          const customer = hashedCustomer(order.email);
          const day = days.get(delta.day) ?? {};
          addCounters(day, dayCountersOf(delta, customer));
          days.set(delta.day, day);
          // A customer counts while their counter is above 0, as applyTransition's crossings decide.
          const before = paidOrders.get(customer);
          const crossing = delta.paid > 0 ? (before ?? 0) === 0 : delta.paid < 0 && before === 1;
          if (delta.paid) paidOrders.set(customer, (before ?? 0) + delta.paid);
          addCounters(totals, { revenue: delta.revenue, orders: delta.orders, customers: crossing ? delta.paid : 0 });
        }
      }
      const items: Record<string, unknown>[] = [
        ...[...days].map(([day, counters]) => ({
          ...keys.statsDay(day),
          entity: 'StatsDay',
          schemaVersion: 1,
          ...counters,
        })),
        ...(Object.keys(totals).length ? [{ ...keys.statsTotals(), entity: 'StatsTotals', ...totals }] : []),
        ...[...paidOrders].map(([customer, count]) => ({
          ...keys.statsCustomer(customer),
          entity: 'StatsCustomer',
          paidOrders: count,
        })),
      ];
      await batchWriteAll(
        db,
        table(),
        items.map((Item) => ({ PutRequest: { Item } })),
        { inFlight },
      );
      return applied;
    },

    /** The figures of each day in `days` that has any (a day without orders has no item). */
    async days(first: string, last: string): Promise<DayFigures[]> {
      const items = await queryAllItems(db, {
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':pk': keys.statsDay(first).PK, ':first': first, ':last': last },
      });
      return items.map(dayFromItem);
    },

    async totals(): Promise<Totals> {
      const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.statsTotals() }));
      return {
        revenue: (Item?.revenue as number | undefined) ?? 0,
        orders: (Item?.orders as number | undefined) ?? 0,
        customers: (Item?.customers as number | undefined) ?? 0,
      };
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
export const stats = createStatsRepository();
