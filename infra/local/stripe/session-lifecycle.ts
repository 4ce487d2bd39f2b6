/**
 * How a Checkout Session ends: it expires (asked to, or when `expires_at` passes), or the
 * customer completes it on the hosted page, paying at once or later.
 */
import type Stripe from 'stripe';
import type { AsyncPayments } from './async-payments';
import type { StandInContext } from './context';
import { couponValid } from './coupons';
import type { CustomerInput } from './customer-form';
import type { Emit } from './events';
import { randomId } from './ids';
import type { SessionRecord } from './state';

export interface SessionLifecycle {
  expire(record: SessionRecord, request: Stripe.Event.Request | null): void;
  /** Expires every open session whose `expires_at` has passed (before any request reads one). */
  sweepExpired(): void;
  /** The customer's choice on the hosted page: pay now, or pay later and have it succeed or fail. */
  complete(record: SessionRecord, input: CustomerInput, action: 'pay' | 'pay_later' | 'pay_later_fail'): void;
}

export function sessionLifecycle(standIn: StandInContext, emit: Emit, payments: AsyncPayments): SessionLifecycle {
  const { store, nowSeconds, log, touch } = standIn;
  const { coupons, sessions } = store;

  const expire = (record: SessionRecord, request: Stripe.Event.Request | null): void => {
    record.session.status = 'expired';
    emit('checkout.session.expired', record, request);
  };

  const sweepExpired = (): void => {
    const now = nowSeconds();
    for (const record of sessions.values()) {
      if (record.session.status === 'open' && record.session.expires_at <= now) {
        log(`${record.session.id} reached expires_at`);
        expire(record, null);
      }
    }
  };

  const complete = (
    record: SessionRecord,
    input: CustomerInput,
    action: 'pay' | 'pay_later' | 'pay_later_fail',
  ): void => {
    const { session } = record;
    const address: Stripe.Address | null = input.address
      ? {
          city: input.address.city,
          country: input.address.country,
          line1: input.address.line1,
          line2: null,
          postal_code: input.address.postal_code,
          state: null,
        }
      : null;
    const free = (session.amount_total ?? 0) === 0;
    session.status = 'complete';
    session.payment_status = free ? 'no_payment_required' : action === 'pay' ? 'paid' : 'unpaid';
    session.payment_intent = free ? null : randomId('pi_', 24);
    session.customer_details = {
      address,
      business_name: null,
      email: input.email,
      individual_name: null,
      name: input.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.collected_information = {
      business_name: null,
      individual_name: null,
      shipping_details: address ? { address, name: input.name } : null,
    };
    const coupon = record.couponId ? coupons.get(record.couponId) : undefined;
    if (coupon) {
      coupon.times_redeemed += 1;
      coupon.valid = couponValid(coupon, nowSeconds());
    }
    emit('checkout.session.completed', record, null);
    if (!free && action !== 'pay') {
      payments.begin(session.id, action === 'pay_later' ? 'succeeded' : 'failed');
    }
    touch();
  };

  return { expire, sweepExpired, complete };
}
