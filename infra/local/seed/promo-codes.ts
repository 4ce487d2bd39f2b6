import type { PromoCode } from '../../../functions/data/promo-repository';

/** One code of each kind the checkout knows, and one switched off; the README names them. */
export const seedPromoCodes: PromoCode[] = [
  { code: 'WELCOME10', type: 'percentage', percent: 10, isActive: true, createdAt: '2026-01-05T08:00:00.000Z' },
  { code: 'LINEA20', type: 'amount', amount: 2_000, isActive: true, createdAt: '2026-03-01T08:00:00.000Z' },
  { code: 'FREESHIP', type: 'free_shipping', isActive: true, createdAt: '2026-05-20T08:00:00.000Z' },
  { code: 'SUMMER25', type: 'percentage', percent: 25, isActive: false, createdAt: '2025-06-01T08:00:00.000Z' },
];
