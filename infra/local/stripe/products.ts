/** Products: `POST /v1/products` (with a default price), `GET` and `POST /v1/products/:id`. */
import type Stripe from 'stripe';
import type { ApiRequest, ApiResult } from './api-route';
import type { StandInContext } from './context';
import { invalid, missing, noSuch } from './errors';
import { randomId } from './ids';
import { expandList } from './lists';
import { createMetadata, updateMetadata } from './metadata';
import { Params, words } from './params';
import { createPrice } from './prices';
import { clone } from './state';

const PRODUCT_FIELDS = words(
  'active description expand images marketing_features metadata name package_dimensions ' +
    'shippable statement_descriptor tax_code tax_details unit_label url',
);

const readImages = (p: Params): string[] | undefined => {
  const images = p.stringList('images');
  if (images && images.length > 8) throw invalid('Invalid images: must contain at most 8 URLs.', 'images');
  return images;
};

export function productApi(standIn: StandInContext) {
  const { store, nowSeconds, log, touch } = standIn;
  const { products, prices } = store;

  const createProduct = (request: ApiRequest): ApiResult => {
    const p = new Params(request.params, '', [...PRODUCT_FIELDS, 'default_price_data', 'id', 'type']);
    expandList(p, []);
    const id = p.string('id', { maxLength: 200 }) || undefined;
    if (id !== undefined && products.has(id)) {
      throw invalid('Product already exists.', 'id', 'resource_already_exists');
    }
    const name = p.string('name', { required: true, maxLength: 250 }) as string;
    const priceData = p.object(
      'default_price_data',
      words(
        'currency currency_options custom_unit_amount metadata recurring tax_behavior unit_amount ' +
          'unit_amount_decimal',
      ),
    );
    let defaultPrice: { currency: string; amount: number; taxBehavior: Stripe.Price.TaxBehavior | null } | undefined;
    if (priceData) {
      if (priceData.has('recurring') || priceData.has('custom_unit_amount') || priceData.has('currency_options')) {
        throw invalid('The Stripe stand-in models only one-time prices with a unit_amount.', 'default_price_data');
      }
      const currency = priceData.currency('currency', { required: true }) as string;
      const amount = priceData.integer('unit_amount', { min: 0 });
      if (amount === undefined) throw missing('default_price_data[unit_amount]');
      defaultPrice = {
        currency,
        amount,
        taxBehavior: priceData.enumValue('tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? null,
      };
    }
    const created = nowSeconds();
    const product: Stripe.Product = {
      id: id ?? randomId('prod_', 14),
      object: 'product',
      active: p.boolean('active') ?? true,
      created,
      default_price: null,
      description: p.nullableString('description', 40_000) ?? null,
      images: readImages(p) ?? [],
      livemode: false,
      marketing_features: [],
      metadata: createMetadata(p.metadata('metadata')),
      name,
      package_dimensions: null,
      shippable: p.boolean('shippable') ?? null,
      statement_descriptor: p.nullableString('statement_descriptor', 22) ?? null,
      tax_code: p.nullableString('tax_code') ?? null,
      tax_details: null,
      type: p.enumValue('type', ['good', 'service'] as const) ?? 'service',
      unit_label: p.nullableString('unit_label', 12) ?? null,
      updated: created,
      url: p.nullableString('url', 5000) ?? null,
    };
    for (const ignored of ['marketing_features', 'package_dimensions', 'tax_details']) {
      if (p.has(ignored)) log(`product: ${ignored} accepted but not modelled`);
    }
    if (defaultPrice) {
      const price = createPrice(
        standIn,
        product.id,
        defaultPrice.currency,
        defaultPrice.amount,
        String(defaultPrice.amount),
        defaultPrice.taxBehavior,
        true,
      );
      product.default_price = price.id;
    }
    products.set(product.id, product);
    touch();
    return { status: 200, body: clone(product) };
  };

  const getProduct = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    expandList(new Params(request.params, '', ['expand']), []);
    const product = products.get(id);
    if (!product) throw noSuch('product', id, 'id');
    return { status: 200, body: clone(product) };
  };

  const updateProduct = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    const p = new Params(request.params, '', [...PRODUCT_FIELDS, 'default_price']);
    expandList(p, []);
    const product = products.get(id);
    if (!product) throw noSuch('product', id, 'id');
    const name = p.string('name', { required: false, maxLength: 250 });
    if (name === '') p.string('name', { required: true });
    const defaultPriceId = p.string('default_price');
    if (defaultPriceId !== undefined) {
      const price = prices.get(defaultPriceId);
      if (!price || price.product !== product.id) throw noSuch('price', defaultPriceId, 'default_price');
    }
    const next: Stripe.Product = {
      ...product,
      active: p.boolean('active') ?? product.active,
      default_price: defaultPriceId ?? product.default_price ?? null,
      description: p.has('description') ? (p.nullableString('description', 40_000) ?? null) : product.description,
      images: readImages(p) ?? product.images,
      metadata: updateMetadata(product.metadata, p.metadata('metadata')),
      name: name ?? product.name,
      shippable: p.boolean('shippable') ?? product.shippable,
      statement_descriptor: p.has('statement_descriptor')
        ? (p.nullableString('statement_descriptor', 22) ?? null)
        : (product.statement_descriptor ?? null),
      tax_code: p.has('tax_code') ? (p.nullableString('tax_code') ?? null) : (product.tax_code ?? null),
      unit_label: p.has('unit_label') ? (p.nullableString('unit_label', 12) ?? null) : (product.unit_label ?? null),
      updated: nowSeconds(),
      url: p.has('url') ? (p.nullableString('url', 5000) ?? null) : product.url,
    };
    for (const ignored of ['marketing_features', 'package_dimensions', 'tax_details']) {
      if (p.has(ignored)) log(`product: ${ignored} accepted but not modelled`);
    }
    products.set(id, next);
    touch();
    return { status: 200, body: clone(next) };
  };

  return { createProduct, getProduct, updateProduct };
}
