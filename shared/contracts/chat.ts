import { z } from 'zod';
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

export const chatHistoryMessage = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string().trim().min(1).max(CHAT_ANSWER_MAX_LENGTH),
  })
  .strict();
export type ChatHistoryMessage = z.infer<typeof chatHistoryMessage>;

export const chatRequest = z
  .object({
    message: z.string().trim().min(1, 'Required').max(CHAT_MESSAGE_MAX_LENGTH),
    /** The conversation so far, oldest first, without the greeting. */
    history: z.array(chatHistoryMessage).max(CHAT_HISTORY_MAX_MESSAGES).default([]),
    locale: locale.default('en'),
  })
  .strict();
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

export const searchProductsInput = z
  .object({
    /** Words to look for in names, descriptions, categories and colours, in English or German. */
    query: z.string().max(100).optional(),
    /** basics, outerwear, bottoms or accessories. */
    category: z.string().max(40).optional(),
    color: z.string().max(40).optional(),
    /** In francs. */
    maxPriceChf: z.number().positive().max(100_000).optional(),
  })
  .strict();
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
  total: z.number().int(),
});
export type SearchProductsResult = z.infer<typeof searchProductsResult>;

export const getProductInput = z.object({ id: z.string().min(1).max(100) }).strict();
export type GetProductInput = z.infer<typeof getProductInput>;

export const getProductResult = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    product: chatToolProduct.extend({
      description: z.string(),
      /** Pieces left; the shop promises nothing beyond this number. */
      stockQuantity: z.number().int(),
    }),
  }),
  z.object({ found: z.literal(false), id: z.string() }),
]);
export type GetProductResult = z.infer<typeof getProductResult>;

export const sizeAdviceInput = z
  .object({
    /** `tops` (chest) or `bottoms` (waist), or a product category id (basics, outerwear, bottoms). */
    category: z.string().max(40),
    measurement: z.number().positive().max(300),
    unit: z.enum(['cm', 'in']),
  })
  .strict();
export type SizeAdviceInput = z.infer<typeof sizeAdviceInput>;

export const sizeAdviceResult = z.object({
  table: z.enum(['tops', 'bottoms', 'none']),
  /** What was measured: chest for tops, waist for bottoms. */
  measured: z.enum(['chest', 'waist', 'none']),
  measurementCm: z.number(),
  /** The size whose range holds the measurement; absent when it is outside the guide. */
  size: z.string().optional(),
  /** Between two sizes (on the boundary): the smaller for a close fit, the larger for a relaxed one. */
  alternative: z.string().optional(),
  /** Below the smallest or above the largest size of the guide. */
  outside: z.enum(['below', 'above']).optional(),
  /** The guide's rows in centimetres ("86–91") and inches ("34–36"). */
  rows: z.array(z.object({ size: z.string(), cm: z.string(), inches: z.string() })),
});
export type SizeAdviceResult = z.infer<typeof sizeAdviceResult>;

export const shopPoliciesInput = z
  .object({ topic: z.enum(['shipping', 'returns', 'dispatch', 'contact', 'all']).optional() })
  .strict();
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

export const myOrdersInput = z.object({}).strict();

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
        itemCount: z.number().int(),
        carrier: z.string().optional(),
        trackingNumber: z.string().optional(),
        trackingUrl: z.string().optional(),
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
