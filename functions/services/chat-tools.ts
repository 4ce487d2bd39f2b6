/**
 * The shop assistant's tools: read-only, each answered by the same repositories and domain code
 * the API's own routes use. The model chooses the tools; the server runs them with the caller's
 * identity from the token, never from the model: `my_orders` takes no user id at all.
 */
import {
  getProductInput,
  myOrdersInput,
  searchProductsInput,
  shopPoliciesInput,
  sizeAdviceInput,
  type ChatToolName,
  type ChatToolProduct,
  type GetProductResult,
  type MyOrdersResult,
  type SearchProductsResult,
  type ShopPoliciesResult,
  type SizeAdviceResult,
} from '@linea/shared/contracts/chat';
import { CATEGORY_NAMES, categoryId as toCategoryId, isKnownCategory } from '@linea/shared/domain/category';
import { formatChf, type Locale } from '@linea/shared/domain/money';
import { openingHoursLines } from '@linea/shared/domain/opening-hours';
import { orderNumber } from '@linea/shared/domain/order';
import { colorName, localiseProduct } from '@linea/shared/domain/product-texts';
import { normaliseForSearch, searchProducts } from '@linea/shared/domain/search';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { BOTTOMS_WAIST, TOPS_CHEST, formatRange, sizeTableFor, type SizeRange } from '@linea/shared/domain/size-guide';
import { serverDictionaries } from '@linea/shared/i18n/server';
import type { Tool } from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
import * as z from '@linea/shared/contracts/zod-mini';
import { orders as orderRepository, type OrderRepository } from '../data/order-repository';
import { products as productRepository, type Product, type ProductRepository } from '../data/product-repository';
import type { Actor } from '../lib/auth';
import { logger } from '../lib/logger';

export interface ToolContext {
  readonly locale: Locale;
  /** The signed-in caller, from the token; absent for a guest. */
  readonly actor?: Actor;
}

export interface ToolDeps {
  readonly products: Pick<ProductRepository, 'listInStock' | 'getById'>;
  readonly orders: Pick<OrderRepository, 'listForCustomer'>;
}

const defaultDeps: ToolDeps = { products: productRepository, orders: orderRepository };

/** A search answers with this many products: enough to choose from, few enough to read. */
const SEARCH_RESULTS = 5;
const RECENT_ORDERS = 5;

/** Words a model (or a shopper) uses for what a category holds, in English and German. */
const CATEGORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  bottoms: ['trousers', 'pants', 'jeans', 'chinos', 'shorts', 'hose', 'hosen', 'waist', 'taille'],
  outerwear: ['coat', 'coats', 'jacket', 'jackets', 'vest', 'trench', 'mantel', 'jacke', 'jacken', 'weste'],
  basics: ['tops', 'top', 'tee', 't-shirt', 'shirt', 'sweater', 'knitwear', 'pullover', 'hemd', 'chest', 'brust'],
  accessories: ['scarf', 'beanie', 'belt', 'socks', 'tote', 'bag', 'schal', 'mutze', 'gurtel', 'socken', 'tasche'],
};

/**
 * The shop's category id for what the model sends: an id, a category's name in either language
 * ("Hosen"), or a word for what it holds ("jeans"); undefined when none fits.
 */
export function matchCategory(text: string): string | undefined {
  const wanted = normaliseForSearch(text).trim();
  const id = toCategoryId(wanted);
  if (isKnownCategory(id)) return id;
  for (const [known, names] of Object.entries(CATEGORY_NAMES)) {
    if (Object.values(names).some((name) => normaliseForSearch(name) === wanted)) return known;
  }
  return Object.keys(CATEGORY_WORDS).find((known) => CATEGORY_WORDS[known]?.includes(wanted));
}

export function toToolProduct(product: Product, locale: Locale): ChatToolProduct {
  const texts = localiseProduct(product, locale);
  return {
    id: product.id,
    name: texts.name,
    category: texts.category,
    categoryId: toCategoryId(product.category),
    price: product.price,
    priceText: formatChf(product.price, locale),
    colors: product.colors.map((color) => colorName(product, color, locale)),
    sizes: product.sizes.map((size) => texts.sizeLabels[size] ?? size),
    inStock: product.stockQuantity > 0,
    image: product.images[0] ?? '',
  };
}

/**
 * The catalogue's own search first (every word must match); a model's query often carries a
 * word no product has ("warm wool sweater"), so then products matching most of the words.
 */
function searchLoosely(listed: readonly Product[], query: string): Product[] {
  const strict = searchProducts(listed, query);
  if (strict.length || !query.trim()) return strict;
  const words = normaliseForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  const hits = new Map<Product, number>();
  for (const word of words) {
    for (const product of searchProducts(listed, word)) hits.set(product, (hits.get(product) ?? 0) + 1);
  }
  return [...hits.entries()].sort((a, b) => b[1] - a[1]).map(([product]) => product);
}

async function searchProductsTool(
  input: z.infer<typeof searchProductsInput>,
  context: ToolContext,
  deps: ToolDeps,
): Promise<SearchProductsResult> {
  // A category the shop does not have narrows nothing: its words still count in the query.
  const category = input.category ? matchCategory(input.category) : undefined;
  let listed = await deps.products.listInStock(category ? { categoryId: category } : {});
  if (input.color) {
    const wanted = normaliseForSearch(input.color);
    listed = listed.filter((product) =>
      product.colors.some((color) =>
        [color, colorName(product, color, 'de')].some((name) => normaliseForSearch(name).includes(wanted)),
      ),
    );
  }
  if (input.maxPriceChf !== undefined) {
    const limit = Math.round(input.maxPriceChf * 100);
    listed = listed.filter((product) => product.price <= limit);
  }
  const found = input.query ? searchLoosely(listed, input.query) : listed;
  return {
    products: found.slice(0, SEARCH_RESULTS).map((product) => toToolProduct(product, context.locale)),
    total: found.length,
  };
}

async function getProductTool(
  input: z.infer<typeof getProductInput>,
  context: ToolContext,
  deps: ToolDeps,
): Promise<GetProductResult> {
  const product = await deps.products.getById(input.id);
  if (!product || !product.active) return { found: false, id: input.id };
  return {
    found: true,
    product: {
      ...toToolProduct(product, context.locale),
      description: localiseProduct(product, context.locale).description,
      stockQuantity: Math.max(0, product.stockQuantity),
    },
  };
}

/** Within this many inches of a boundary between two sizes, both fit. */
const BOUNDARY_INCHES = 0.25;

export function sizeAdvice(input: z.infer<typeof sizeAdviceInput>): SizeAdviceResult {
  const measurementCm = input.unit === 'cm' ? input.measurement : Math.round(input.measurement * 2.54);
  const requested = normaliseForSearch(input.category).trim() === 'tops' ? 'basics' : matchCategory(input.category);
  // An unknown category is measured as a top, the guide's first table.
  const table = sizeTableFor(requested ?? 'basics') ?? ('none' as const);
  if (table === 'none') return { table, measured: 'none', measurementCm, rows: [] };
  const ranges: readonly SizeRange[] = table === 'bottoms' ? BOTTOMS_WAIST : TOPS_CHEST;
  const rows = ranges.map((range) => ({
    size: range.size,
    cm: formatRange(range.inches, 'cm'),
    inches: formatRange(range.inches, 'in'),
  }));
  const inches = input.unit === 'in' ? input.measurement : input.measurement / 2.54;
  const base = { table, measured: table === 'bottoms' ? ('waist' as const) : ('chest' as const), measurementCm, rows };
  const first = ranges[0] as SizeRange;
  const last = ranges[ranges.length - 1] as SizeRange;
  if (inches < first.inches[0] - BOUNDARY_INCHES) return { ...base, outside: 'below' };
  if (inches > last.inches[1] + BOUNDARY_INCHES) return { ...base, outside: 'above' };
  const index = ranges.findIndex((range) => inches < range.inches[1] - BOUNDARY_INCHES);
  const at = index === -1 ? ranges.length - 1 : index;
  const size = ranges[at] as SizeRange;
  // On the boundary with the size below: this one fits relaxed, the smaller one close.
  const smaller = ranges[at - 1];
  if (smaller && Math.abs(inches - smaller.inches[1]) <= BOUNDARY_INCHES) {
    return { ...base, size: size.size, alternative: smaller.size };
  }
  return { ...base, size: size.size };
}

export function shopPolicies(locale: Locale): ShopPoliciesResult {
  return {
    shipping: {
      feeText: formatChf(SHOP_POLICY.shippingFee, locale),
      countries: SHOP_POLICY.shippingCountries.map(
        (code) => new Intl.DisplayNames([`${locale}-CH`], { type: 'region' }).of(code) ?? code,
      ),
    },
    dispatch: {
      minBusinessDays: SHOP_POLICY.dispatchBusinessDays.min,
      maxBusinessDays: SHOP_POLICY.dispatchBusinessDays.max,
    },
    returns: { windowDays: SHOP_POLICY.returnWindowDays },
    contact: {
      replyWithinHours: SHOP_POLICY.contactReplyHours,
      hours: openingHoursLines(locale),
      contactPage: '/contact',
    },
  };
}

async function myOrdersTool(context: ToolContext, deps: ToolDeps): Promise<MyOrdersResult> {
  if (!context.actor) return { signedIn: false };
  const page = await deps.orders.listForCustomer(context.actor.userId, { limit: RECENT_ORDERS });
  const statuses = serverDictionaries[context.locale].orderStatuses;
  return {
    signedIn: true,
    orders: page.items.map((order) => ({
      number: orderNumber(order.id),
      status: order.status,
      statusText: statuses[order.status],
      placedAt: order.createdAt.slice(0, 10),
      totalText: formatChf(order.total, context.locale),
      itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
      ...(order.carrier ? { carrier: order.carrier } : {}),
      ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      ...(order.trackingUrl ? { trackingUrl: order.trackingUrl } : {}),
    })),
  };
}

interface ToolDefinition {
  readonly description: string;
  readonly input: z.core.$ZodType;
  /** Offered to guests too; `my_orders` only to a signed-in caller. */
  readonly needsSignIn?: boolean;
  run(input: never, context: ToolContext, deps: ToolDeps): Promise<unknown> | unknown;
}

export const CHAT_TOOLS: Record<ChatToolName, ToolDefinition> = {
  search_products: {
    description:
      "Searches the shop's catalogue (products in stock). Use it for any question about what the shop sells. " +
      'Words may be English or German. Returns at most 5 products with name, price, colours and sizes.',
    input: searchProductsInput,
    run: (input: z.infer<typeof searchProductsInput>, context, deps) => searchProductsTool(input, context, deps),
  },
  get_product: {
    description:
      'One product by its id (from search_products): description, sizes, colours, price and how many are in stock.',
    input: getProductInput,
    run: (input: z.infer<typeof getProductInput>, context, deps) => getProductTool(input, context, deps),
  },
  size_advice: {
    description:
      "The size from the shop's size guide for a body measurement: the chest for tops (category tops, basics or " +
      'outerwear), the waist for bottoms, in cm or inches.',
    input: sizeAdviceInput,
    run: (input: z.infer<typeof sizeAdviceInput>) => sizeAdvice(input),
  },
  shop_policies: {
    description: 'Shipping fee and countries, dispatch time, the return window, customer service hours and reply time.',
    input: shopPoliciesInput,
    run: (_input: z.infer<typeof shopPoliciesInput>, context) => shopPolicies(context.locale),
  },
  my_orders: {
    description:
      "The signed-in customer's own recent orders: number, status, total and parcel tracking. Takes no arguments.",
    input: myOrdersInput,
    needsSignIn: true,
    run: (_input: Record<string, never>, context, deps) => myOrdersTool(context, deps),
  },
};

/** The tools a caller may be offered: a guest is never offered `my_orders`. */
export function toolsFor(context: ToolContext): ChatToolName[] {
  return (Object.keys(CHAT_TOOLS) as ChatToolName[]).filter((name) => !CHAT_TOOLS[name].needsSignIn || context.actor);
}

/** The tools as Bedrock's Converse API takes them: name, description and JSON Schema. */
export function toolSpecs(names: readonly ChatToolName[]): Tool[] {
  return names.map((name): Tool => {
    const { $schema: _schema, ...json } = z.toJSONSchema(CHAT_TOOLS[name].input, { io: 'input' }) as Record<
      string,
      unknown
    >;
    return {
      toolSpec: { name, description: CHAT_TOOLS[name].description, inputSchema: { json: json as DocumentType } },
    } as Tool;
  });
}

/**
 * Runs one tool call of the model. What the model sends is input like any other: an unknown
 * tool, one not offered to this caller, or input outside the schema gets an error result the
 * model can read, never an exception.
 */
export async function runTool(
  name: string,
  rawInput: unknown,
  context: ToolContext,
  deps: ToolDeps = defaultDeps,
): Promise<{ ok: true; result: unknown } | { ok: false; result: { error: string } }> {
  const offered = toolsFor(context) as string[];
  if (!offered.includes(name)) return { ok: false, result: { error: `No tool named ${name}` } };
  const tool = CHAT_TOOLS[name as ChatToolName];
  const parsed = z.safeParse(tool.input, rawInput ?? {});
  if (!parsed.success) {
    return { ok: false, result: { error: `Invalid input: ${parsed.error.issues.map((i) => i.message).join('; ')}` } };
  }
  try {
    return { ok: true, result: await tool.run(parsed.data as never, context, deps) };
  } catch (err) {
    // The model can still answer (and point to the contact page); the shopper gets no 500.
    logger.error('assistant tool failed', {
      tool: name,
      error: (err as Error).name,
      errorMessage: (err as Error).message,
    });
    return { ok: false, result: { error: 'The shop could not answer this just now' } };
  }
}
