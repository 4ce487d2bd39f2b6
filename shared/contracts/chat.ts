import * as z from './zod-mini';
import { locale, rappen } from './common';

/**
 * The shop assistant: POST /chat and the tools the model may call. The tool results are data
 * the model (Bedrock, or the local stand-in) reads to write its answer; the product cards the
 * widget shows are built by the server from those results, never from the model's text.
 */

/** Spec: a chat message is non-empty after trimming; at most 500 characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 500;
/** The server keeps at most this many earlier messages (user and assistant) and refuses more. */
export const CHAT_HISTORY_MAX_MESSAGES = 10;
/** An answer of the assistant, as the widget sends it back in the history. */
export const CHAT_ANSWER_MAX_LENGTH = 4000;

export const chatHistoryMessage = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_ANSWER_MAX_LENGTH)),
});
export type ChatHistoryMessage = z.infer<typeof chatHistoryMessage>;

export const chatRequest = z.strictObject({
  message: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(CHAT_MESSAGE_MAX_LENGTH)),
  /** The conversation so far, oldest first, without the greeting. */
  history: z._default(z.array(chatHistoryMessage).check(z.maxLength(CHAT_HISTORY_MAX_MESSAGES)), []),
  locale: z._default(locale, 'en'),
});
export type ChatRequest = z.input<typeof chatRequest>;

/** A product the answer is about, as a card under it linking to /product/{id}. */
export const chatProductCard = z.object({
  id: z.string(),
  name: z.string(),
  price: rappen,
  image: z.string(),
});
export type ChatProductCard = z.infer<typeof chatProductCard>;

export const chatResponse = z.object({
  response: z.string(),
  products: z.array(chatProductCard),
});
export type ChatResponse = z.infer<typeof chatResponse>;

// ---------------------------------------------------------------------------------------------
// Tools. Names and input schemas are what the model is offered (toolSpec.inputSchema is the
// JSON Schema of these); results are what it gets back (toolResult content `json`).

export const CHAT_TOOL_NAMES = ['search_products', 'get_product', 'size_advice', 'shop_policies', 'my_orders'] as const;
export type ChatToolName = (typeof CHAT_TOOL_NAMES)[number];

export const searchProductsInput = z.strictObject({
  /** Words to look for in names, descriptions, categories and colours, in English or German. */
  query: z.optional(z.string().check(z.maxLength(100))),
  /** basics, outerwear, bottoms or accessories. */
  category: z.optional(z.string().check(z.maxLength(40))),
  color: z.optional(z.string().check(z.maxLength(40))),
  /** In francs. */
  maxPriceChf: z.optional(z.number().check(z.positive(), z.lte(100_000))),
});
export type SearchProductsInput = z.infer<typeof searchProductsInput>;

/** A product as the tools report it: texts in the conversation's language, price in Rappen and as text. */
export const chatToolProduct = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  categoryId: z.string(),
  /** Rappen. */
  price: rappen,
  /** "CHF 49.00" as the conversation's language writes it. */
  priceText: z.string(),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  inStock: z.boolean(),
  image: z.string(),
});
export type ChatToolProduct = z.infer<typeof chatToolProduct>;

export const searchProductsResult = z.object({
  /** At most 5, the best matches first; empty when nothing matches. */
  products: z.array(chatToolProduct),
  /** How many matched in all. */
  total: z.int(),
});
export type SearchProductsResult = z.infer<typeof searchProductsResult>;

export const getProductInput = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
export type GetProductInput = z.infer<typeof getProductInput>;

export const getProductResult = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    product: z.extend(chatToolProduct, {
      description: z.string(),
      /** Pieces left; the shop promises nothing beyond this number. */
      stockQuantity: z.int(),
    }),
  }),
  z.object({ found: z.literal(false), id: z.string() }),
]);
export type GetProductResult = z.infer<typeof getProductResult>;

export const sizeAdviceInput = z.strictObject({
  /** `tops` (chest) or `bottoms` (waist), or a product category id (basics, outerwear, bottoms). */
  category: z.string().check(z.maxLength(40)),
  measurement: z.number().check(z.positive(), z.lte(300)),
  unit: z.enum(['cm', 'in']),
});
export type SizeAdviceInput = z.infer<typeof sizeAdviceInput>;

export const sizeAdviceResult = z.object({
  table: z.enum(['tops', 'bottoms', 'none']),
  /** What was measured: chest for tops, waist for bottoms. */
  measured: z.enum(['chest', 'waist', 'none']),
  measurementCm: z.number(),
  /** The size whose range holds the measurement; absent when it is outside the guide. */
  size: z.optional(z.string()),
  /** Between two sizes (on the boundary): the smaller for a close fit, the larger for a relaxed one. */
  alternative: z.optional(z.string()),
  /** Below the smallest or above the largest size of the guide. */
  outside: z.optional(z.enum(['below', 'above'])),
  /** The guide's rows in centimetres ("86–91") and inches ("34–36"). */
  rows: z.array(z.object({ size: z.string(), cm: z.string(), inches: z.string() })),
});
export type SizeAdviceResult = z.infer<typeof sizeAdviceResult>;

export const shopPoliciesInput = z.strictObject({
  topic: z.optional(z.enum(['shipping', 'returns', 'dispatch', 'contact', 'all'])),
});
export type ShopPoliciesInput = z.infer<typeof shopPoliciesInput>;

export const shopPoliciesResult = z.object({
  shipping: z.object({ feeText: z.string(), countries: z.array(z.string()) }),
  dispatch: z.object({ minBusinessDays: z.number(), maxBusinessDays: z.number() }),
  returns: z.object({ windowDays: z.number() }),
  contact: z.object({
    replyWithinHours: z.number(),
    /** "Monday–Friday 09:00–18:00" lines, in the conversation's language, Zürich time. */
    hours: z.array(z.string()),
    contactPage: z.string(),
  }),
});
export type ShopPoliciesResult = z.infer<typeof shopPoliciesResult>;

export const myOrdersInput = z.strictObject({});

export const myOrdersResult = z.discriminatedUnion('signedIn', [
  z.object({
    signedIn: z.literal(true),
    /** Newest first, at most 5. */
    orders: z.array(
      z.object({
        /** The order number a customer sees: the last 8 characters of the id, upper-case. */
        number: z.string(),
        status: z.string(),
        /** The status in the conversation's language ("Shipped" / "Versandt"). */
        statusText: z.string(),
        placedAt: z.string(),
        totalText: z.string(),
        itemCount: z.int(),
        carrier: z.optional(z.string()),
        trackingNumber: z.optional(z.string()),
        trackingUrl: z.optional(z.string()),
      }),
    ),
  }),
  z.object({ signedIn: z.literal(false) }),
]);
export type MyOrdersResult = z.infer<typeof myOrdersResult>;

/** A tool the model asked for that does not exist, or input that did not fit its schema. */
export const toolErrorResult = z.object({ error: z.string() });
export type ToolErrorResult = z.infer<typeof toolErrorResult>;

/**
 * The system prompt states the reply language on a line of its own, so the local stand-in (which
 * is no language model) answers in it too: `Reply language: de`.
 */
export const REPLY_LANGUAGE_LINE = 'Reply language:';
