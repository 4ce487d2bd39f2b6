import { describe, expect, it } from 'vitest';
import { computeOverview } from './stats';

describe('computeOverview', () => {
  it('is all zeros without orders', () => {
    expect(computeOverview([])).toEqual({
      totalRevenue: 0,
      orderCount: 0,
      customerCount: 0,
      conversionRate: 0,
      averageOrderValue: 0,
    });
  });

  it('counts customers by case-insensitive order email, account or guest alike, and rounds as the spec says', () => {
    const figures = computeOverview([
      { total: 1000, status: 'confirmed', userId: 'u1', email: 'a@x.ch' },
      { total: 1000, status: 'shipped', email: 'A@x.ch' },
      { total: 1001, status: 'delivered', email: 'G@x.ch' },
      { total: 5000, status: 'processing', email: 'g@x.ch' },
      { total: 9999, status: 'cancelled', email: 'c@x.ch' },
      { total: 9999, status: 'pending', userId: 'u3', email: 'p@x.ch' },
    ]);
    expect(figures).toEqual({
      totalRevenue: 8001,
      orderCount: 4,
      customerCount: 2,
      conversionRate: 200,
      averageOrderValue: 2000,
    });
  });

  it('gives the conversion rate to one decimal', () => {
    const orders = [
      { total: 1, status: 'confirmed' as const, email: 'a@x.ch' },
      { total: 1, status: 'confirmed' as const, email: 'b@x.ch' },
      { total: 1, status: 'confirmed' as const, email: 'c@x.ch' },
      { total: 1, status: 'confirmed' as const, email: 'a@x.ch' },
    ];
    expect(computeOverview(orders).conversionRate).toBe(133.3);
  });
});
