import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import {
  customerKey,
  lastDays,
  recompute,
  statsDelta,
  sumDays,
  zurichDay,
  type DayFigures,
  type StatsOrder,
} from './order-stats';

const order = (overrides: Partial<StatsOrder> = {}): StatsOrder => ({
  createdAt: '2026-11-20T10:00:00.000Z',
  total: 12_000,
  email: 'Anna@Example.ch',
  items: [
    { productId: 'tee', quantity: 2, lineTotal: 8_000 },
    { productId: 'cap', quantity: 1, lineTotal: 3_300 },
  ],
  ...overrides,
});

/** The figures as the server keeps them: deltas added per day, customers counted per key. */
function applyAll(transitions: { order: StatsOrder; from: OrderStatus; to: OrderStatus }[]): Map<string, DayFigures> {
  const days = new Map<string, Record<string, Record<string, number> | number | string>>();
  const add = (map: Record<string, number>, key: string, n: number) => {
    map[key] = (map[key] ?? 0) + n;
    if (map[key] === 0) delete map[key];
  };
  for (const { order: o, from, to } of transitions) {
    const delta = statsDelta(o, from, to);
    if (!delta) continue;
    const day = days.get(delta.day) ?? {
      day: delta.day,
      revenue: 0,
      orders: 0,
      byStatus: {},
      units: {},
      productRevenue: {},
      customers: {},
    };
    day.revenue = (day.revenue as number) + delta.revenue;
    day.orders = (day.orders as number) + delta.orders;
    for (const [k, n] of Object.entries(delta.byStatus)) add(day.byStatus as Record<string, number>, k, n);
    for (const [k, n] of Object.entries(delta.units)) add(day.units as Record<string, number>, k, n);
    for (const [k, n] of Object.entries(delta.productRevenue)) add(day.productRevenue as Record<string, number>, k, n);
    if (delta.paid) add(day.customers as Record<string, number>, customerKey(o.email), delta.paid);
    days.set(delta.day, day);
  }
  return days as unknown as Map<string, DayFigures>;
}

describe('statsDelta', () => {
  it('counts an order as paid when it leaves pending for confirmed, with its units and revenue per product', () => {
    expect(statsDelta(order(), 'pending', 'confirmed')).toEqual({
      day: '2026-11-20',
      revenue: 12_000,
      orders: 1,
      byStatus: { confirmed: 1 },
      units: { tee: 2, cap: 1 },
      productRevenue: { tee: 8_000, cap: 3_300 },
      paid: 1,
    });
  });

  it('moves only the status count between paid statuses, and takes everything back on cancelling', () => {
    expect(statsDelta(order(), 'confirmed', 'shipped')).toMatchObject({
      revenue: 0,
      orders: 0,
      byStatus: { confirmed: -1, shipped: 1 },
      units: {},
      paid: 0,
    });
    expect(statsDelta(order(), 'shipped', 'cancelled')).toMatchObject({
      revenue: -12_000,
      orders: -1,
      byStatus: { shipped: -1, cancelled: 1 },
      units: { tee: -2, cap: -1 },
      paid: -1,
    });
  });

  it('never counts pending, and changes nothing for a non-move', () => {
    expect(statsDelta(order(), 'pending', 'cancelled')).toMatchObject({ byStatus: { cancelled: 1 }, paid: 0 });
    expect(statsDelta(order(), 'confirmed', 'confirmed')).toBeUndefined();
  });

  it('files an order under its Zürich day, also just after midnight and across the clock change', () => {
    expect(zurichDay('2026-11-20T23:30:00.000Z')).toBe('2026-11-21');
    expect(zurichDay('2026-07-01T22:30:00.000Z')).toBe('2026-07-02');
    expect(zurichDay('2026-07-01T21:30:00.000Z')).toBe('2026-07-01');
  });
});

describe('lastDays', () => {
  it('lists the Zürich days of a period, oldest first, ending today, across the end of March', () => {
    expect(lastDays(3, new Date('2026-03-30T23:30:00.000Z'))).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
    expect(lastDays(90, new Date('2026-11-24T12:00:00.000Z'))).toHaveLength(90);
    expect(new Set(lastDays(400, new Date('2026-11-24T12:00:00.000Z'))).size).toBe(400);
  });
});

describe('the deltas and a full recomputation', () => {
  it('agree after random orders and status changes applied in any order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const emails = ['a@x.ch', 'A@X.ch', 'b@x.ch', 'c@x.ch'];
    const finals: (StatsOrder & { status: OrderStatus })[] = [];
    const transitions: { order: StatsOrder; from: OrderStatus; to: OrderStatus }[] = [];
    for (let i = 0; i < 200; i += 1) {
      const o = order({
        createdAt: new Date(Date.UTC(2026, 10, 1 + Math.floor(random() * 5), Math.floor(random() * 24))).toISOString(),
        total: 1 + Math.floor(random() * 50_000),
        email: pick(emails),
        items: [{ productId: pick(['tee', 'cap', 'coat']), quantity: 1 + Math.floor(random() * 3), lineTotal: 1_000 }],
      });
      let status: OrderStatus = 'pending';
      for (let step = Math.floor(random() * 4); step > 0; step -= 1) {
        const to = pick(ORDER_STATUSES.filter((s) => s !== status && s !== 'pending'));
        transitions.push({ order: o, from: status, to });
        status = to;
      }
      finals.push({ ...o, status });
    }
    // Events arrive in any order; the sums must not care.
    transitions.sort(() => random() - 0.5);

    const kept = [...applyAll(transitions).values()].sort((a, b) => a.day.localeCompare(b.day));
    const truth = [...recompute(finals).values()].sort((a, b) => a.day.localeCompare(b.day));
    expect(kept).toEqual(truth);
    expect(sumDays(kept)).toEqual(sumDays(truth));
    expect(sumDays(truth).customers).toBeLessThanOrEqual(3);
  });

  it('sums a period: distinct customers across days, mean order, top products', () => {
    const days = recompute([
      { ...order({ email: 'a@x.ch', createdAt: '2026-11-01T10:00:00Z' }), status: 'delivered' },
      { ...order({ email: 'A@x.ch', createdAt: '2026-11-02T10:00:00Z', total: 6_000 }), status: 'confirmed' },
      { ...order({ email: 'b@x.ch', createdAt: '2026-11-02T11:00:00Z' }), status: 'cancelled' },
      { ...order({ email: 'c@x.ch', createdAt: '2026-11-02T12:00:00Z' }), status: 'pending' },
    ]);
    expect(sumDays(days.values())).toEqual({
      revenue: 18_000,
      orders: 2,
      customers: 1,
      averageOrderValue: 9_000,
      byStatus: { delivered: 1, confirmed: 1, cancelled: 1 },
      units: { tee: 4, cap: 2 },
      productRevenue: { tee: 16_000, cap: 6_600 },
    });
  });
});
