/**
 * The admin figures' aggregates on real DynamoDB (Local): transactions, conditions and ADD as the
 * cloud runs them. The random run uses a table of its own, so checkouts of other test files
 * running meanwhile cannot move its figures; the last case goes through the shared cloud's bus.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ORDER_STATUSES, type OrderStatus } from '@linea/shared/domain/order-status';
import { recompute, sumDays, type StatsOrder } from '@linea/shared/domain/order-stats';
import { computeOverview, overviewFromTotals } from '@linea/shared/domain/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { ORDER_ENTITY } from '../../functions/data/order-repository';
import { createStatsRepository } from '../../functions/data/stats-repository';
import { ensureTable } from '../../infra/local/dynamodb';
import { seedCatalogue } from '../../infra/local/seed/catalogue';
import { demoOrders } from '../../infra/local/seed/demo-orders';
import { anOrder } from '../fixtures/orders';
import type { AdminAnalyticsResponse } from '@linea/shared/contracts/admin';
import { api, documentClient, endpoints, putEvents, signInAsAdmin, signUp, unique, waitForBusIdle } from './helpers';

const db = documentClient();

describe('the per-day figures on DynamoDB', () => {
  const tableName = unique('stats');
  const repository = createStatsRepository(db, () => tableName);
  let raw: DynamoDBClient;

  beforeAll(async () => {
    raw = new DynamoDBClient({
      endpoint: endpoints().dynamodbEndpoint,
      region: endpoints().region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(raw, tableName);
  });
  afterAll(() => raw.destroy());

  it('equal a full recomputation after random orders and status changes, delivered concurrently, twice, and out of order', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const emails = ['lea@example.com', 'LEA@example.com', 'marc@example.com', 'noor@example.com', 'jan@example.com'];
    const finals: (StatsOrder & { status: OrderStatus })[] = [];
    const deliveries: { id: string; order: StatsOrder; from: OrderStatus; to: OrderStatus; changedAt: string }[] = [];

    for (let i = 0; i < 60; i += 1) {
      const id = randomUUID();
      const order: StatsOrder = {
        createdAt: new Date(Date.UTC(2026, 9, 1 + Math.floor(random() * 4), Math.floor(random() * 24))).toISOString(),
        total: 1_000 + Math.floor(random() * 40_000),
        email: pick(emails),
        items: [{ productId: pick(['tee', 'coat', 'cap']), quantity: 1 + Math.floor(random() * 3), lineTotal: 4_900 }],
      };
      let status: OrderStatus = 'pending';
      for (let step = 0, steps = Math.floor(random() * 4); step < steps; step += 1) {
        const to = pick(ORDER_STATUSES.filter((s) => s !== status && s !== 'pending'));
        const changedAt = new Date(Date.parse(order.createdAt) + (step + 1) * 60_000).toISOString();
        deliveries.push({ id, order, from: status, to, changedAt });
        status = to;
      }
      finals.push({ ...order, status });
    }
    // A fifth of the events arrive twice, all of them shuffled, eight at a time.
    const sent = [...deliveries, ...deliveries.filter(() => random() < 0.2)].sort(() => random() - 0.5);
    const outcomes: string[] = [];
    for (let i = 0; i < sent.length; i += 8) {
      outcomes.push(
        ...(await Promise.all(sent.slice(i, i + 8).map((d) => repository.applyTransition(d.id, d.order, d)))),
      );
    }

    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(deliveries.length);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(sent.length - deliveries.length);
    const kept = await repository.days('2026-10-01', '2026-10-31');
    const truth = [...recompute(finals).values()].sort((a, b) => a.day.localeCompare(b.day));
    const hashedTruth = sumDays(truth);
    const keptSum = sumDays(kept);
    expect(kept.map(({ customers, ...day }) => ({ ...day, customers: Object.keys(customers).length }))).toEqual(
      truth.map(({ customers, ...day }) => ({ ...day, customers: Object.keys(customers).length })),
    );
    expect(keptSum).toEqual(hashedTruth);
    expect(await repository.totals()).toEqual({
      revenue: hashedTruth.revenue,
      orders: hashedTruth.orders,
      customers: hashedTruth.customers,
    });
    // The overview cards from the kept totals are the cards a full recomputation gives.
    expect(overviewFromTotals(await repository.totals())).toEqual(computeOverview(finals));
  });

  it('counts one customer once however many of their orders are paid at the same moment, and lets them go with the last', async () => {
    const email = `${unique('same')}@example.com`;
    const order: StatsOrder = {
      createdAt: '2026-09-15T10:00:00.000Z',
      total: 5_000,
      email,
      items: [{ productId: 'tee', quantity: 1, lineTotal: 5_000 }],
    };
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const before = await repository.totals();
    const at = '2026-09-15T10:05:00.000Z';

    await Promise.all(
      ids.map((id) => repository.applyTransition(id, order, { from: 'pending', to: 'confirmed', changedAt: at })),
    );
    expect((await repository.totals()).customers).toBe(before.customers + 1);

    const later = '2026-09-16T08:00:00.000Z';
    await Promise.all(
      ids.map((id) => repository.applyTransition(id, order, { from: 'confirmed', to: 'cancelled', changedAt: later })),
    );
    expect(await repository.totals()).toEqual(before);
  });
});

describe('a history seeded at once (the local demo seed)', () => {
  const tables = { oneByOne: unique('stats-each'), atOnce: unique('stats-seeded') };
  let raw: DynamoDBClient;

  beforeAll(async () => {
    raw = new DynamoDBClient({
      endpoint: endpoints().dynamodbEndpoint,
      region: endpoints().region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await Promise.all(Object.values(tables).map((table) => ensureTable(raw, table)));
  });
  afterAll(async () => {
    await Promise.all(Object.values(tables).map((TableName) => raw.send(new DeleteTableCommand({ TableName }))));
    raw.destroy();
  });

  async function storedItems(table: string): Promise<Record<string, unknown>[]> {
    const { Items = [] } = await db.send(new ScanCommand({ TableName: table }));
    return Items.sort((a, b) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`));
  }

  it('leaves the day, all-time and customer items that applying each transition in turn leaves', async () => {
    // Part of the demo history: the customers with more than one order, and every order cancelled after payment.
    const demo = demoOrders(seedCatalogue);
    const orderCount = new Map<string, number>();
    for (const { order } of demo) orderCount.set(order.email, (orderCount.get(order.email) ?? 0) + 1);
    const history = demo
      .filter(
        ({ order, transitions }) =>
          (orderCount.get(order.email) ?? 0) > 1 ||
          transitions.some((t) => t.from === 'confirmed' && t.to === 'cancelled'),
      )
      .slice(0, 40)
      .map(({ order, transitions }) => ({ orderId: order.id, order, transitions }));
    expect(history.some(({ order }) => (orderCount.get(order.email) ?? 0) > 1)).toBe(true);
    expect(history.some(({ transitions }) => transitions.some((t) => t.to === 'cancelled'))).toBe(true);

    const oneByOne = createStatsRepository(db, () => tables.oneByOne);
    for (const { orderId, order, transitions } of history)
      for (const change of transitions) await oneByOne.applyTransition(orderId, order, change);
    const applied = await createStatsRepository(db, () => tables.atOnce).seedHistory(history);

    const markers = (await storedItems(tables.oneByOne)).filter((item) => item.entity === 'StatsTransition');
    expect(applied).toBe(markers.length);
    expect(await storedItems(tables.atOnce)).toEqual(
      (await storedItems(tables.oneByOne)).filter((item) => item.entity !== 'StatsTransition'),
    );
  });
});

describe('the OrderStats rule', () => {
  it('applies a published order transition once, however often the bus delivers it', async () => {
    const id = randomUUID();
    // A day of its own in 1999, and no place in the admin lists, so no other test's figures meet it.
    const day = `1999-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 10)}`;
    const stored = anOrder({ id, status: 'confirmed', createdAt: `${day}T10:00:00.000Z` });
    await db.send(
      new PutCommand({
        TableName: endpoints().tableName,
        Item: { ...keys.order(id), entity: ORDER_ENTITY, schemaVersion: 1, ...stored },
      }),
    );
    const detail = {
      version: 1,
      orderId: id,
      from: 'pending',
      to: 'confirmed',
      reason: 'payment_succeeded',
      email: stored.email,
      locale: stored.locale,
      changedAt: new Date().toISOString(),
    };
    const event = { Source: 'linea.shop', DetailType: 'OrderStatusChanged', Detail: JSON.stringify(detail) };
    await putEvents([event]);
    await putEvents([event]);
    expect(await waitForBusIdle()).toBe(true);

    const [figures] = await createStatsRepository(db, () => endpoints().tableName).days(day, day);
    expect(figures).toMatchObject({
      day,
      revenue: stored.total,
      orders: 1,
      byStatus: { confirmed: 1 },
      units: { [stored.items[0]!.productId]: stored.items[0]!.quantity },
    });
  });
});

describe('GET /admin/analytics', () => {
  it('answers an admin with the period they ask for, and a customer with 403', async () => {
    const admin = await signInAsAdmin();
    const { status, body } = await api<AdminAnalyticsResponse>('/admin/analytics?days=7', { token: admin });
    expect(status).toBe(200);
    expect(body.series).toHaveLength(7);
    expect(body.series.reduce((sum, day) => sum + day.revenue, 0)).toBe(body.revenue);
    expect(body.averageOrderValue).toBe(body.orders ? Math.round(body.revenue / body.orders) : 0);

    const shopper = await signUp();
    expect((await api('/admin/analytics?days=7', { token: shopper.idToken })).status).toBe(403);
    expect((await api('/admin/analytics?days=7')).status).toBe(401);
  });
});
