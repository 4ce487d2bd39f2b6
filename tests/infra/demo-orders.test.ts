import { ORDER_STATUSES } from '@linea/shared/domain/order-status';
import { priceOrder } from '@linea/shared/domain/pricing';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../infra/local/seed/catalogue';
import { demoOrders } from '../../infra/local/seed/demo-orders';

const now = new Date('2026-11-24T15:00:00.000Z');
const orders = demoOrders(seedCatalogue, { now });

describe('the demo order history of a first npm start', () => {
  it('spreads several orders a day over the last 90 days, none in the future, the same each time', () => {
    const days = new Set(orders.map(({ order }) => order.createdAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(88);
    expect(orders.length).toBeGreaterThan(2 * 90);
    expect(orders.every(({ order }) => Date.parse(order.createdAt) <= now.getTime())).toBe(true);
    expect(Math.min(...orders.map(({ order }) => Date.parse(order.createdAt)))).toBeGreaterThan(
      now.getTime() - 91 * 24 * 3_600_000,
    );
    expect(demoOrders(seedCatalogue, { now })).toEqual(orders);
  });

  it('has only demo customers at example.com, guests, in Switzerland, in both languages', () => {
    expect(orders.every(({ order }) => order.email.endsWith('@example.com') && !order.userId)).toBe(true);
    expect(orders.every(({ order }) => order.country === 'CH' && /^[1-9]\d{3}$/.test(order.zipCode))).toBe(true);
    expect(new Set(orders.map(({ order }) => order.locale))).toEqual(new Set(['en', 'de']));
    expect(new Set(orders.map(({ order }) => order.email)).size).toBeGreaterThan(100);
  });

  it('reaches every status through transitions the status history records, priced as the checkout prices', () => {
    expect(new Set(orders.map(({ order }) => order.status))).toEqual(new Set(ORDER_STATUSES));
    for (const { order, transitions } of orders) {
      expect(order.statusHistory.map((change) => change.status)).toEqual([
        'pending',
        ...transitions.map((transition) => transition.to),
      ]);
      expect(transitions.at(-1)?.to ?? 'pending').toBe(order.status);
      const { subtotal, shipping, total, vat } = priceOrder(order.items);
      expect({ subtotal, shipping, total, vat }).toEqual({
        subtotal: order.subtotal,
        shipping: order.shipping,
        total: order.total,
        vat: order.vat,
      });
      const product = seedCatalogue.find((p) => p.id === order.items[0]!.productId)!;
      expect(order.items[0]!.unitPrice).toBe(product.price);
    }
    const shipped = orders.filter(({ order }) => order.status === 'shipped' || order.status === 'delivered');
    expect(
      shipped.every(
        ({ order }) => order.carrier === 'Swiss Post' && order.trackingUrl?.includes(order.trackingNumber!),
      ),
    ).toBe(true);
  });
});
