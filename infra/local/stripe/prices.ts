/** Prices: made with a product (`default_price_data`) or for a session's line item; `GET /v1/prices/:id`. */
import type Stripe from 'stripe';
import type { ApiRequest, ApiResult } from './api-route';
import type { StandInContext } from './context';
import { noSuch } from './errors';
import { randomId } from './ids';
import { expandList } from './lists';
import { Params } from './params';
import { clone } from './state';

/** A one-time price of `productId`, stored. */
export function createPrice(
  standIn: StandInContext,
  productId: string,
  currency: string,
  unitAmount: number,
  unitAmountDecimal: string,
  taxBehavior: Stripe.Price.TaxBehavior | null,
  active: boolean,
): Stripe.Price {
  const price: Stripe.Price = {
    id: randomId('price_', 24),
    object: 'price',
    active,
    billing_scheme: 'per_unit',
    created: standIn.nowSeconds(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId,
    recurring: null,
    tax_behavior: taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: unitAmountDecimal as unknown as Stripe.Price['unit_amount_decimal'],
  };
  standIn.store.prices.set(price.id, price);
  return price;
}

export function priceApi(standIn: StandInContext) {
  const { prices } = standIn.store;

  const getPrice = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    expandList(new Params(request.params, '', ['expand']), []);
    const price = prices.get(id);
    if (!price) throw noSuch('price', id, 'price');
    return { status: 200, body: clone(price) };
  };

  return { getPrice };
}
