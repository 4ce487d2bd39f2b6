import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, canTransition, releasesStock, reservesStock } from './order-status';

describe('order status transitions', () => {
  it('lets a payment settle only a pending order', () => {
    expect(canTransition('pending', 'confirmed', 'payment')).toBe(true);
    expect(canTransition('pending', 'cancelled', 'payment')).toBe(true);
    for (const from of ORDER_STATUSES.filter((s) => s !== 'pending')) {
      for (const to of ORDER_STATUSES) expect(canTransition(from, to, 'payment')).toBe(false);
    }
  });

  it('never lets a late payment event move a confirmed, shipped or cancelled order', () => {
    expect(canTransition('shipped', 'cancelled', 'payment')).toBe(false);
    expect(canTransition('cancelled', 'confirmed', 'payment')).toBe(false);
    expect(canTransition('confirmed', 'pending', 'payment')).toBe(false);
  });

  it('lets the admin set any other status (spec §4)', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) expect(canTransition(from, to, 'admin')).toBe(from !== to);
    }
  });

  it('releases stock when an order is cancelled and reserves it again when one is revived', () => {
    expect(releasesStock('pending', 'cancelled')).toBe(true);
    expect(releasesStock('shipped', 'cancelled')).toBe(true);
    expect(releasesStock('cancelled', 'cancelled')).toBe(false);
    expect(releasesStock('pending', 'confirmed')).toBe(false);
    expect(reservesStock('cancelled', 'confirmed')).toBe(true);
    expect(reservesStock('pending', 'confirmed')).toBe(false);
  });
});
