/**
 * A Checkout Session's line items: read and checked first (`price`, or `price_data` with a
 * `product` or `product_data`), and made, with the prices and products they need, only once the
 * whole session is valid.
 */
import type Stripe from 'stripe';
import type { StandInContext } from './context';
import { invalid, missing, noSuch, oneOf } from './errors';
import { randomId } from './ids';
import { createMetadata } from './metadata';
import { words, type Params } from './params';
import { createPrice } from './prices';
import { clone } from './state';

export interface LineSpec {
  readonly quantity: number;
  readonly metadata: Record<string, string>;
  readonly currency: string;
  readonly unitAmount: number;
  readonly unitAmountDecimal: string;
  readonly taxBehavior: Stripe.Price.TaxBehavior | null;
  /** An existing price, an existing product, or a product to create. */
  readonly price?: Stripe.Price;
  readonly productId?: string;
  readonly productData?: {
    readonly name: string;
    readonly description: string | null;
    readonly images: string[];
    readonly metadata: Record<string, string>;
    readonly unitLabel: string | null;
    readonly taxCode: string | null;
  };
}

export function readLineItem(standIn: StandInContext, li: Params, mode: string): LineSpec {
  const { store, log } = standIn;
  const { prices, products } = store;
  const quantity = li.integer('quantity', { min: 1, max: 999_999 });
  if (quantity === undefined) throw missing(li.path('quantity'));
  if (li.has('adjustable_quantity') || li.has('tax_rates')) {
    log(`${li.prefix}: adjustable_quantity/tax_rates accepted but not modelled`);
  }
  const metadata = createMetadata(li.metadata('metadata'));
  const priceId = li.string('price');
  const priceData = li.object(
    'price_data',
    words('currency product product_data recurring tax_behavior unit_amount unit_amount_decimal'),
  );
  if (priceId !== undefined && priceData) throw oneOf([li.path('price'), li.path('price_data')]);
  if (priceId !== undefined) {
    const price = prices.get(priceId);
    if (!price) throw noSuch('price', priceId, li.path('price'));
    if (!price.active) {
      throw invalid(`The price specified is inactive. This field only accepts active prices.`, li.path('price'));
    }
    return {
      quantity,
      metadata,
      currency: price.currency,
      unitAmount: price.unit_amount ?? 0,
      unitAmountDecimal: String(price.unit_amount ?? 0),
      taxBehavior: price.tax_behavior,
      price,
    };
  }
  if (!priceData) {
    throw invalid(
      `You must specify either \`price\` or \`price_data\` in ${li.prefix}.`,
      li.path('price'),
      'parameter_missing',
    );
  }
  const currency = priceData.currency('currency', { required: true }) as string;
  if (priceData.has('recurring') && mode === 'payment') {
    throw invalid(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      priceData.path('recurring'),
    );
  }
  const unitAmount = priceData.integer('unit_amount', { min: 0 });
  const decimal = priceData.string('unit_amount_decimal');
  if (unitAmount !== undefined && decimal !== undefined) {
    throw oneOf([priceData.path('unit_amount'), priceData.path('unit_amount_decimal')]);
  }
  let amount: number;
  let amountDecimal: string;
  if (unitAmount !== undefined) {
    amount = unitAmount;
    amountDecimal = String(unitAmount);
  } else if (decimal !== undefined) {
    if (!/^\d+(\.\d{1,12})?$/.test(decimal)) {
      throw invalid(`Invalid decimal: ${decimal}`, priceData.path('unit_amount_decimal'));
    }
    if (!Number.isInteger(Number(decimal))) {
      throw invalid(
        'The Stripe stand-in models whole minor units only; use a unit_amount_decimal without fractions.',
        priceData.path('unit_amount_decimal'),
      );
    }
    amount = Number(decimal);
    amountDecimal = decimal;
  } else {
    throw missing(priceData.path('unit_amount'));
  }
  const taxBehavior = priceData.enumValue('tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? null;
  const productId = priceData.string('product');
  const productData = priceData.object(
    'product_data',
    words('description images metadata name tax_code tax_details unit_label'),
  );
  if (productId !== undefined && productData) {
    throw oneOf([priceData.path('product'), priceData.path('product_data')]);
  }
  if (productId !== undefined) {
    if (!products.has(productId)) throw noSuch('product', productId, priceData.path('product'));
    return {
      quantity,
      metadata,
      currency,
      unitAmount: amount,
      unitAmountDecimal: amountDecimal,
      taxBehavior,
      productId,
    };
  }
  if (!productData) {
    throw invalid(
      `You must specify either \`product\` or \`product_data\` in ${priceData.prefix}.`,
      priceData.path('product_data'),
      'parameter_missing',
    );
  }
  const images = productData.stringList('images') ?? [];
  if (images.length > 8) throw invalid('Invalid images: must contain at most 8 URLs.', productData.path('images'));
  return {
    quantity,
    metadata,
    currency,
    unitAmount: amount,
    unitAmountDecimal: amountDecimal,
    taxBehavior,
    productData: {
      name: productData.string('name', { required: true, maxLength: 250 }) as string,
      description: productData.nullableString('description', 40_000) ?? null,
      images,
      metadata: createMetadata(productData.metadata('metadata')),
      unitLabel: productData.nullableString('unit_label', 12) ?? null,
      taxCode: productData.nullableString('tax_code') ?? null,
    },
  };
}

/**
 * The line items of a session about to be created, with their share of the discount: the
 * prices (inactive, as Stripe makes them for `price_data`) and products they need are made now.
 */
export function createLineItems(
  standIn: StandInContext,
  specs: readonly LineSpec[],
  amounts: { readonly lineSubtotals: readonly number[]; readonly lineDiscounts: readonly number[] },
  currency: string,
  createdAt: number,
): Stripe.LineItem[] {
  const { products } = standIn.store;
  const { lineSubtotals, lineDiscounts } = amounts;
  return specs.map((spec, index) => {
    let price = spec.price;
    let productName: string;
    if (price) {
      productName = products.get(String(price.product))?.name ?? '';
    } else {
      let productId = spec.productId;
      if (!productId && spec.productData) {
        const data = spec.productData;
        const product: Stripe.Product = {
          id: randomId('prod_', 14),
          object: 'product',
          active: true,
          created: createdAt,
          default_price: null,
          description: data.description,
          images: data.images,
          livemode: false,
          marketing_features: [],
          metadata: data.metadata,
          name: data.name,
          package_dimensions: null,
          shippable: null,
          statement_descriptor: null,
          tax_code: data.taxCode,
          tax_details: null,
          type: 'service',
          unit_label: data.unitLabel,
          updated: createdAt,
          url: null,
        };
        products.set(product.id, product);
        productId = product.id;
      }
      const product = products.get(productId ?? '');
      productName = product?.name ?? '';
      price = createPrice(
        standIn,
        product?.id ?? '',
        spec.currency,
        spec.unitAmount,
        spec.unitAmountDecimal,
        spec.taxBehavior,
        false,
      );
    }
    const amountSubtotal = lineSubtotals[index] ?? 0;
    const amountDiscount = lineDiscounts[index] ?? 0;
    return {
      id: randomId('li_', 24),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: amountDiscount,
      amount_subtotal: amountSubtotal,
      amount_tax: 0,
      amount_total: amountSubtotal - amountDiscount,
      currency,
      description: productName,
      metadata: spec.metadata,
      price: clone(price),
      quantity: spec.quantity,
    };
  });
}
