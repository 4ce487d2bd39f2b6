/** Coupons: `POST /v1/coupons` and `GET /v1/coupons/:id`. */
import type Stripe from 'stripe';
import type { ApiRequest, ApiResult } from './api-route';
import type { StandInContext } from './context';
import { invalid, missing, noSuch, oneOf } from './errors';
import { randomId } from './ids';
import { expandList } from './lists';
import { createMetadata } from './metadata';
import { Params, words } from './params';
import { clone } from './state';

/** Whether the coupon can still be redeemed at `nowSeconds` (Stripe's `valid`). */
export const couponValid = (coupon: Stripe.Coupon, nowSeconds: number): boolean =>
  (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions) &&
  (coupon.redeem_by === null || coupon.redeem_by > nowSeconds);

export function couponApi(standIn: StandInContext) {
  const { store, nowSeconds, log, touch } = standIn;
  const { coupons } = store;

  const couponView = (coupon: Stripe.Coupon): Stripe.Coupon => ({
    ...clone(coupon),
    valid: couponValid(coupon, nowSeconds()),
  });

  const createCoupon = (request: ApiRequest): ApiResult => {
    const p = new Params(
      request.params,
      '',
      words(
        'amount_off applies_to currency currency_options duration duration_in_months expand id ' +
          'max_redemptions metadata name percent_off redeem_by',
      ),
    );
    expandList(p, []);
    const id = p.string('id', { maxLength: 200 }) || undefined;
    if (id !== undefined && coupons.has(id)) {
      throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
    }
    const amountOff = p.integer('amount_off', { min: 1 });
    const percentOff = p.decimal('percent_off');
    if (amountOff !== undefined && percentOff !== undefined) throw oneOf(['amount_off', 'percent_off']);
    if (amountOff === undefined && percentOff === undefined) {
      throw invalid('Invalid coupon: you must provide one of `amount_off` or `percent_off`.', 'amount_off');
    }
    if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
      throw invalid('Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off');
    }
    const currency = p.currency('currency');
    if (amountOff !== undefined && currency === undefined) throw missing('currency');
    if (amountOff === undefined && currency !== undefined) {
      throw invalid('You may only specify `currency` together with `amount_off`.', 'currency');
    }
    const duration = p.enumValue('duration', ['forever', 'once', 'repeating'] as const) ?? 'once';
    const months = p.integer('duration_in_months', { min: 1 });
    if (duration === 'repeating' && months === undefined) throw missing('duration_in_months');
    if (duration !== 'repeating' && months !== undefined) {
      throw invalid('`duration_in_months` can only be set when `duration` is `repeating`.', 'duration_in_months');
    }
    const redeemBy = p.integer('redeem_by');
    if (redeemBy !== undefined && redeemBy <= nowSeconds()) {
      throw invalid('Invalid redeem_by: must be in the future.', 'redeem_by');
    }
    for (const ignored of ['applies_to', 'currency_options']) {
      if (p.has(ignored)) log(`coupon: ${ignored} accepted but not modelled`);
    }
    const coupon: Stripe.Coupon = {
      id: id ?? randomId('', 8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      object: 'coupon',
      amount_off: amountOff ?? null,
      created: nowSeconds(),
      currency: currency ?? null,
      duration,
      duration_in_months: months ?? null,
      livemode: false,
      max_redemptions: p.integer('max_redemptions', { min: 1 }) ?? null,
      metadata: createMetadata(p.metadata('metadata')),
      name: p.nullableString('name', 40) ?? null,
      percent_off: percentOff ?? null,
      redeem_by: redeemBy ?? null,
      times_redeemed: 0,
      valid: true,
    };
    coupons.set(coupon.id, coupon);
    touch();
    return { status: 200, body: couponView(coupon) };
  };

  const getCoupon = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    expandList(new Params(request.params, '', ['expand']), []);
    const coupon = coupons.get(id);
    if (!coupon) throw noSuch('coupon', id, 'id');
    return { status: 200, body: couponView(coupon) };
  };

  return { createCoupon, getCoupon };
}
