/**
 * The Bedrock stand-in: Amazon Bedrock Runtime's Converse API (`POST /model/{modelId}/converse`,
 * REST-JSON) for the real `@aws-sdk/client-bedrock-runtime`, pointed here by
 * `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`. The shop assistant (functions/services/chat.ts) runs its
 * tool loop against it unchanged: the stand-in asks for the shop's tools, the functions run them
 * against the local table, and the stand-in writes the answer from their results.
 *
 * It is a deterministic, rule-based responder, not a language model: it recognises a handful of
 * intents by English and German words (INTENT_WORDS below), picks the tool a model would pick
 * with the input a model would give, and composes its answer only from the tool results, in the
 * language the system prompt names (`Reply language: en|de`). What it does not recognise it says
 * so, and points to the contact page. The same question always gets the same answer.
 *
 * The SDK speaks HTTP/2 to Bedrock (NodeHttp2Handler, cleartext "prior knowledge" for an http://
 * endpoint), people and tests speak HTTP/1.1: one port serves both, told apart by the HTTP/2
 * connection preface.
 *
 * Test-only control endpoints (loopback only, no signature needed):
 *   GET    /_stand-in/requests  → the last 50 Converse request bodies (a JSON array, oldest first)
 *   DELETE /_stand-in/requests  → forgets them
 *   GET    /_stand-in/faults    → the armed faults
 *   POST   /_stand-in/faults    JSON { type?, count? = 1, delayMs?, message? }: the next `count` Converse calls
 *                               wait `delayMs`, then fail with Bedrock's error `type` (or answer normally without one)
 *   DELETE /_stand-in/faults    → clears them
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer as createHttp1Server } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import {
  REPLY_LANGUAGE_LINE,
  type ChatToolName,
  type ChatToolProduct,
  type SearchProductsInput,
  type ShopPoliciesInput,
  type SizeAdviceInput,
} from '../../shared/contracts/chat';
import { normaliseForSearch } from '../../shared/domain/search';
import type { RunningServer } from './http-server';

/**
 * The model the local cloud serves and the functions are configured with: the cloud's default
 * (DEFAULT_CHAT_MODEL_ID in infra/cdk/shop-stack.ts; tests/infra/local-bedrock.test.ts keeps them equal).
 */
export const LOCAL_CHAT_MODEL_ID = 'eu.anthropic.claude-3-5-haiku-20241022-v1:0';

// =================================================================================================
// Wire shapes (only what the stand-in reads or writes)

type Language = 'en' | 'de';

interface ToolUseBlock {
  toolUseId: string;
  name: string;
  input: unknown;
}
interface ToolResultBlock {
  toolUseId: string;
  content?: Array<{ json?: unknown; text?: string }>;
  status?: 'success' | 'error';
}
export interface WireContentBlock {
  text?: string;
  toolUse?: ToolUseBlock;
  toolResult?: ToolResultBlock;
  [other: string]: unknown;
}
export interface WireMessage {
  role: 'user' | 'assistant';
  content: WireContentBlock[];
}
export interface ConverseRequestBody {
  messages?: unknown;
  system?: unknown;
  toolConfig?: unknown;
  inferenceConfig?: unknown;
  [other: string]: unknown;
}

/** What the responder answers: the assistant's content blocks and why it stopped. */
export interface ConverseReply {
  readonly content: WireContentBlock[];
  readonly stopReason: 'end_turn' | 'tool_use';
}

/** Bedrock Runtime's errors as the SDK deserialises them (`x-amzn-errortype`), with Bedrock's statuses. */
export const BEDROCK_ERRORS = {
  ValidationException: { status: 400, message: 'Malformed input request, please reformat your input and try again.' },
  AccessDeniedException: { status: 403, message: "You don't have access to the model with the specified model ID." },
  ResourceNotFoundException: { status: 404, message: 'The requested resource could not be found.' },
  ModelTimeoutException: {
    status: 408,
    message: 'Model has timed out in processing the request. Try your request again.',
  },
  ThrottlingException: { status: 429, message: 'Too many requests, please wait before trying again.' },
  ServiceQuotaExceededException: { status: 400, message: 'Your request exceeds the service quota for your account.' },
  InternalServerException: {
    status: 500,
    message: 'The system encountered an unexpected error during processing. Try your request again.',
  },
  ServiceUnavailableException: { status: 503, message: 'Bedrock is unable to process your request.' },
} as const satisfies Record<string, { status: number; message: string }>;
export type BedrockErrorType = keyof typeof BEDROCK_ERRORS;

export class BedrockError extends Error {
  constructor(
    readonly type: BedrockErrorType,
    message: string = BEDROCK_ERRORS[type].message,
  ) {
    super(message);
  }
}

// =================================================================================================
// Validation, as Bedrock validates a Converse request (the checks that are cheap to make here)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tool names of `toolConfig`, or undefined when the request has none. */
export function offeredTools(body: ConverseRequestBody): string[] | undefined {
  if (!isObject(body.toolConfig)) return undefined;
  const tools = Array.isArray(body.toolConfig.tools) ? body.toolConfig.tools : [];
  return tools.flatMap((tool) =>
    isObject(tool) && isObject(tool.toolSpec) && typeof tool.toolSpec.name === 'string' ? [tool.toolSpec.name] : [],
  );
}

/**
 * The request's conversation, or a ValidationException with the message Bedrock gives for the
 * same mistake: roles, alternation, empty content, tool uses of unknown tools, tool results that
 * answer no tool use of the message before, tool uses left unanswered.
 */
export function validateConverse(body: ConverseRequestBody): WireMessage[] {
  const invalid = (message: string) => new BedrockError('ValidationException', message);
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid(
      "1 validation error detected: Value at 'messages' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  }
  const messages = body.messages as unknown[];
  const tools = offeredTools(body);
  if (tools && !tools.length) {
    throw invalid(
      "1 validation error detected: Value '[]' at 'toolConfig.tools' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  }
  if (tools) {
    const bad = tools.find((name) => !/^[a-zA-Z0-9_-]{1,64}$/.test(name));
    if (bad !== undefined) {
      throw invalid(
        `1 validation error detected: Value '${bad}' at 'toolConfig.tools.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+`,
      );
    }
  }
  const inference = isObject(body.inferenceConfig) ? body.inferenceConfig : {};
  if (
    inference.maxTokens !== undefined &&
    (!Number.isInteger(inference.maxTokens) || (inference.maxTokens as number) < 1)
  ) {
    throw invalid(
      "1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must have value greater than or equal to 1",
    );
  }
  if (typeof inference.maxTokens === 'number' && inference.maxTokens > 8192) {
    throw invalid(
      'The maximum tokens you requested exceeds the model limit of 8192. Try again with a maximum tokens value that is lower than 8192.',
    );
  }
  for (const name of ['temperature', 'topP'] as const) {
    const value = inference[name];
    if (value !== undefined && (typeof value !== 'number' || value < 0 || value > 1)) {
      throw invalid(
        `1 validation error detected: Value at 'inferenceConfig.${name}' failed to satisfy constraint: Member must have value less than or equal to 1`,
      );
    }
  }

  messages.forEach((message, index) => {
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      const role = isObject(message) ? String(message.role) : 'null';
      throw invalid(
        `1 validation error detected: Value '${role}' at 'messages.${index + 1}.member.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]`,
      );
    }
    if (!Array.isArray(message.content) || message.content.length === 0) {
      throw invalid(
        `The content field in the Message object at messages.${index} is empty. Add a ContentBlock object to the content field and try again.`,
      );
    }
    if (!message.content.every(isObject)) {
      throw invalid(
        `The content field in the Message object at messages.${index} holds a block that is not an object.`,
      );
    }
  });
  const conversation = messages as WireMessage[];
  if (conversation[0]?.role !== 'user') {
    throw invalid(
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
  }
  conversation.forEach((message, index) => {
    const previous = conversation[index - 1];
    if (previous && previous.role === message.role) {
      throw invalid(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    const uses = message.content.flatMap((block) => (block.toolUse ? [block.toolUse] : []));
    const results = message.content.flatMap((block) => (block.toolResult ? [block.toolResult] : []));
    if ((uses.length || results.length) && !tools) {
      throw invalid('The toolConfig field must be defined when using toolUse and toolResult content blocks.');
    }
    if (message.role === 'user' && uses.length) {
      throw invalid(`messages.${index}.content: toolUse blocks are only allowed in assistant messages.`);
    }
    if (message.role === 'assistant' && results.length) {
      throw invalid(`messages.${index}.content: toolResult blocks are only allowed in user messages.`);
    }
    message.content.forEach((block, at) => {
      if (block.toolUse) {
        const { toolUseId, name } = block.toolUse;
        if (typeof toolUseId !== 'string' || !/^[a-zA-Z0-9_.:-]{1,64}$/.test(toolUseId)) {
          throw invalid(
            `1 validation error detected: Value at 'messages.${index + 1}.member.content.${at + 1}.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.:-]+`,
          );
        }
        if (!tools?.includes(name)) {
          throw invalid(
            `messages.${index}.content.${at}.toolUse.name: the tool ${String(name)} is not defined in toolConfig. Each toolUse must name a tool of toolConfig.tools.`,
          );
        }
      }
      if (block.toolResult) {
        const { toolUseId, content, status } = block.toolResult;
        const asked =
          previous?.role === 'assistant' ? previous.content.flatMap((b) => (b.toolUse ? [b.toolUse] : [])) : [];
        if (results.length > asked.length) {
          throw invalid(
            `The number of toolResult blocks at messages.${index}.content exceeds the number of toolUse blocks of previous turn.`,
          );
        }
        if (!asked.some((use) => use.toolUseId === toolUseId)) {
          throw invalid(
            `messages.${index}.content.${at}: unexpected toolUseId found in toolResult blocks: ${String(toolUseId)}. Each toolResult block must have a corresponding toolUse block in the previous message.`,
          );
        }
        if (status === 'error' && (!Array.isArray(content) || content.length === 0)) {
          throw invalid(
            `The content field at messages.${index}.content.${at}.toolResult cannot be empty when status value is error.`,
          );
        }
      }
    });
    // Every tool use of the assistant's message before must be answered in this one.
    if (message.role === 'user' && previous) {
      const answered = new Set(results.map((result) => result.toolUseId));
      const missing = previous.content
        .flatMap((block) => (block.toolUse ? [block.toolUse.toolUseId] : []))
        .filter((id) => !answered.has(id));
      if (missing.length) {
        throw invalid(
          `Expected toolResult blocks at messages.${index}.content for the following Ids: ${missing.join(', ')}`,
        );
      }
    }
  });
  return conversation;
}

/** `Reply language: de` in the system prompt; English without it. */
export function replyLanguage(system: unknown): Language {
  const texts = Array.isArray(system)
    ? system.flatMap((block) => (isObject(block) && typeof block.text === 'string' ? [block.text] : []))
    : [];
  for (const line of texts.join('\n').split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith(REPLY_LANGUAGE_LINE)) {
      return trimmed.slice(REPLY_LANGUAGE_LINE.length).trim().toLowerCase().startsWith('de') ? 'de' : 'en';
    }
  }
  return 'en';
}

// =================================================================================================
// Language tables. Every word is matched after normaliseForSearch (case, accents, umlauts typed as
// ä/ae/a, ß as ss), on whole words: "Größe", "Grösse" and "groesse" are one word. A `*` at the
// end of a word allows any ending (plurals, German compounds: "versand*" is "Versandkosten" too),
// at its start any beginning ("*jacke" is "Winterjacke"). Phrases match words in a row.

interface Words {
  readonly en: readonly string[];
  readonly de: readonly string[];
}

/** What a question is about, first match wins in the order of `understand` (not of this table). */
// prettier-ignore
export const INTENT_WORDS = {
  /** Attempts to get the instructions, other people's data, admin data or passwords: a polite refusal. */
  refusal: {
    en: [
      'ignore all', 'ignore previous', 'ignore prior', 'ignore the above', 'ignore your', 'disregard*',
      'system prompt', 'your prompt', 'the prompt', 'initial prompt', 'your instructions', 'previous instructions',
      'prior instructions', 'system instructions', 'your rules', 'reveal*', 'repeat the text', 'jailbreak',
      'developer mode', 'other customer*', 'another customer*', 'all customers', 'customer list', 'customer data',
      'someone else*', 'her order*', 'his order*', 'their order*', 'orders of', 'admin*', 'password*',
      'credential*', 'api key*', 'secret key*', 'access token*',
    ],
    de: [
      'ignorier*', 'vergiss alle', 'vergiss deine', 'vergessen sie alle', 'systemprompt', 'anweisung*',
      'instruktion*', 'andere kunden', 'anderer kunden', 'anderen kunden', 'fremde bestellung*', 'alle kunden',
      'kundenliste', 'kundendaten', 'seine bestellung*', 'bestellungen von', 'bestellung von', 'admin*',
      'administrator*', 'passwort*', 'kennwort*', 'zugangsdaten',
    ],
  },
  /** The caller's own orders: `my_orders` when offered, else how to sign in. */
  orders: {
    en: [
      'where is my', 'wheres my', 'my order*', 'order status', 'status of my', 'order number', 'ordered',
      'tracking', 'track*', 'parcel*', 'package*', 'shipment*', 'my delivery', 'delivery status', 'my purchase*',
    ],
    de: [
      'wo ist mein*', 'wo bleibt', 'meine bestellung*', 'bestellt', 'bestellstatus', 'bestellnummer', 'paket*',
      'sendung*', 'meine lieferung', 'lieferstatus',
    ],
  },
  /** "order" on its own: the orders, but only when nothing else in the question fits better. */
  ordersLoosely: { en: ['order', 'orders', 'purchase*'], de: ['bestellung*', 'bestellen'] },
  /** A size question: `size_advice` with a measurement, else a question for the measurement. */
  size: {
    en: ['size', 'sizes', 'sizing', 'chest', 'waist', 'measure*', 'fit me', 'fits me', 'it fit', 'will fit', 'right fit'],
    de: ['grosse', 'grossen', 'konfektionsgrosse', 'brust*', 'taille*', 'bund', 'bundweite', 'passt', 'passen'],
  },
  /** Size questions about these use the waist (bottoms) table; all others the chest (tops). */
  bottoms: {
    en: ['waist', 'trousers', 'pants', 'jeans', 'chino*', 'slacks', 'bottoms', 'inseam'],
    de: ['taille*', 'bund', 'bundweite', '*hose', '*hosen', 'jeans', 'chino*'],
  },
  /** A product's sizes, colours or stock: after a search with one hit, `get_product` for it. */
  details: {
    en: ['sizes', 'come in', 'comes in', 'colour*', 'color*', 'stock', 'available', 'availability', 'sold out'],
    de: ['grossen', 'farbe*', 'verfugbar*', 'erhaltlich', 'lieferbar', 'vorratig', 'lager', 'ausverkauft', 'gibt es'],
  },
  /** `shop_policies`, topic `returns` (before orders: "return my order" is about returning). */
  returns: {
    en: ['return*', 'refund*', 'exchange*', 'send back', 'send it back', 'money back'],
    de: ['rucksend*', 'ruckgab*', 'umtausch*', 'zuruck*', 'ruckerstatt*', 'erstattung', 'retour*'],
  },
  /** `shop_policies`, topic `dispatch` (beats shipping: "how long does shipping take"). */
  dispatch: {
    en: ['dispatch*', 'how long', 'how soon', 'how fast', 'how quickly', 'delivery time*', 'arrive', 'processing time'],
    de: ['lieferzeit*', 'wie lange', 'wie schnell', 'versanddauer', 'versendet', 'verschickt', 'bearbeitungszeit', 'ankommt'],
  },
  /** `shop_policies`, topic `shipping`. */
  shipping: {
    en: ['shipping', 'ship', 'ships', 'postage', 'delivery', 'deliver', 'delivery cost*', 'abroad', 'international*', 'countr*'],
    de: ['versand*', 'lieferung', 'liefern', 'liefert', 'lieferkosten', 'porto', 'ausland', 'lander'],
  },
  /** `shop_policies`, topic `contact`: hours, how to reach the team. */
  contact: {
    en: [
      'contact*', 'opening hours', 'opening times', 'hours', 'open', 'phone', 'call you', 'email', 'e mail',
      'customer service', 'customer care', 'support', 'reach you', 'talk to', 'speak to', 'human',
    ],
    de: [
      'kontakt*', 'offnungszeit*', 'geoffnet', 'offen', 'erreich*', 'kundendienst', 'kundenservice', 'telefon*',
      'anrufen', 'mail', 'sprechen',
    ],
  },
  /** `shop_policies`, topic `all`. */
  policies: { en: ['policies', 'policy', 'terms', 'conditions'], de: ['agb', 'bedingungen', 'richtlinien'] },
  /** A product question even without a garment, colour or price in it: `search_products`. */
  products: {
    en: [
      'looking for', 'look for', 'do you have', 'have you got', 'do you sell', 'do you carry', 'show me',
      'recommend*', 'suggest*', 'search*', 'find', 'buy', 'want', 'need', 'id like', 'something',
    ],
    de: [
      'suche*', 'haben sie', 'habt ihr', 'hast du', 'gibt es', 'zeig*', 'empfehl*', 'brauche', 'kaufen', 'mochte',
      'verkaufen sie', 'etwas',
    ],
  },
  /** Only a greeting: what the assistant can do. */
  greeting: {
    en: ['hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening'],
    de: ['hallo', 'gruezi', 'gruss gott', 'guten tag', 'guten morgen', 'guten abend', 'sali', 'hoi'],
  },
  /** Only thanks: you're welcome. */
  thanks: { en: ['thanks', 'thank you', 'thx', 'cheers'], de: ['danke', 'merci', 'vielen dank'] },
} as const satisfies Record<string, Words>;

type CategoryId = 'basics' | 'outerwear' | 'bottoms' | 'accessories';

/**
 * Garment words, and the word passed to `search_products` for them: the catalogue's own word
 * (it searches English and German names alike), so "jumper" and "Pulli" find the sweaters. A
 * garment also names its category, which narrows the search ("coat" is in a sweater's description).
 */
// prettier-ignore
export const GARMENTS: ReadonlyArray<{ en: readonly string[]; de: readonly string[]; search: string; category: CategoryId }> = [
  { en: ['tee', 'tees', 't shirt', 't shirts', 'tshirt', 'tshirts'], de: ['t shirt', 't shirts', 'tshirt'], search: 'tee', category: 'basics' },
  { en: ['shirt', 'shirts', 'oxford', 'button down'], de: ['hemd', 'hemden', '*hemd'], search: 'shirt', category: 'basics' },
  {
    en: ['sweater', 'sweaters', 'jumper', 'jumpers', 'pullover', 'pullovers', 'knit', 'knitwear'],
    de: ['pullover', 'pulli', 'pullis', '*pullover', 'strick*'],
    search: 'pullover',
    category: 'basics',
  },
  { en: ['roll neck', 'rollneck', 'turtleneck', 'polo neck'], de: ['rollkragen*'], search: 'rollkragen', category: 'basics' },
  { en: ['hoodie', 'hoodies', 'hooded'], de: ['kapuzenpullover', 'hoodie'], search: 'hoodie', category: 'basics' },
  { en: ['jacket', 'jackets'], de: ['jacke', 'jacken', '*jacke', '*jacken'], search: 'jacke', category: 'outerwear' },
  {
    en: ['coat', 'coats', 'overcoat', 'overcoats', 'trench', 'trenchcoat', 'trench coat'],
    de: ['mantel', '*mantel', 'trenchcoat'],
    search: 'coat',
    category: 'outerwear',
  },
  { en: ['vest', 'vests', 'gilet', 'gilets'], de: ['weste', 'westen', '*weste'], search: 'vest', category: 'outerwear' },
  { en: ['trousers', 'pants', 'slacks'], de: ['hose', '*hose', '*hosen'], search: 'trousers', category: 'bottoms' },
  { en: ['chino', 'chinos'], de: ['chinohose', 'chinos'], search: 'chino', category: 'bottoms' },
  { en: ['jeans', 'denim'], de: ['jeans'], search: 'jeans', category: 'bottoms' },
  { en: ['scarf', 'scarves', 'scarfs'], de: ['schal', 'schals', '*schal'], search: 'scarf', category: 'accessories' },
  { en: ['beanie', 'beanies', 'hat', 'hats', 'cap', 'caps'], de: ['mutze', 'mutzen', '*mutze', 'kappe'], search: 'beanie', category: 'accessories' },
  { en: ['belt', 'belts'], de: ['gurtel', '*gurtel'], search: 'belt', category: 'accessories' },
  { en: ['tote', 'totes', 'bag', 'bags', 'tote bag'], de: ['tasche', 'taschen', '*tasche'], search: 'tote', category: 'accessories' },
  { en: ['sock', 'socks'], de: ['socke', 'socken'], search: 'socks', category: 'accessories' },
];

/** "hose" is the German garment word for trousers, and the catalogue's own ("Chinohose", "Hosen"). */
const GERMAN_SEARCH: Partial<Record<string, string>> = { trousers: 'hose' };

/** Categories named as such ("accessories", "Hosen"): the search's `category`. */
// prettier-ignore
export const CATEGORY_WORDS: Record<CategoryId, Words> = {
  basics: { en: ['basics', 'essentials'], de: ['basics'] },
  outerwear: { en: ['outerwear', 'outer wear'], de: ['oberbekleidung'] },
  bottoms: { en: ['bottoms'], de: ['hosen'] },
  accessories: { en: ['accessories', 'accessory'], de: ['accessoires', 'zubehor'] },
};

/**
 * Colour words and the `color` passed for them; the tool matches it inside the English and the
 * German colour names, so "blau" finds "Hellblau" and "Marineblau". More specific rows first.
 */
// prettier-ignore
export const COLOURS: ReadonlyArray<Words & { color: string }> = [
  { en: ['light blue', 'pale blue', 'sky blue'], de: ['hellblau*'], color: 'Pale Blue' },
  { en: ['navy', 'dark blue', 'navy blue'], de: ['marineblau*', 'dunkelblau*', 'navy'], color: 'Navy' },
  { en: ['blue'], de: ['blau*'], color: 'blau' },
  { en: ['black'], de: ['schwarz*'], color: 'Black' },
  { en: ['white', 'off white', 'chalk'], de: ['weiss*', 'kreideweiss*'], color: 'Chalk' },
  { en: ['ecru', 'cream', 'natural', 'off-white'], de: ['ecru', 'creme*', 'naturweiss*'], color: 'Ecru' },
  { en: ['grey', 'gray', 'charcoal'], de: ['grau*', 'anthrazit*'], color: 'Charcoal' },
  { en: ['beige', 'sand'], de: ['beige*', 'sand*'], color: 'Sand' },
  { en: ['stone'], de: ['stein*'], color: 'Stone' },
  { en: ['brown', 'camel'], de: ['braun*', 'camel*'], color: 'Camel' },
  { en: ['cognac', 'tan'], de: ['cognac*'], color: 'Cognac' },
  { en: ['green', 'olive', 'khaki'], de: ['grun*', 'oliv*', 'khaki'], color: 'Olive' },
  { en: ['indigo'], de: ['indigo'], color: 'Indigo' },
  { en: ['red'], de: ['rot', 'rote', 'roten', 'roter', 'rotes'], color: 'red' },
  { en: ['pink'], de: ['rosa', 'pink'], color: 'pink' },
  { en: ['yellow'], de: ['gelb*'], color: 'yellow' },
  { en: ['purple', 'violet', 'lilac'], de: ['lila', 'violett*'], color: 'purple' },
];

/** Materials and other product words: they make a question a product question on their own. */
// prettier-ignore
const MATERIALS: Words = {
  en: ['merino', 'wool', 'woollen', 'cashmere', 'linen', 'cotton', 'organic', 'leather', 'canvas', 'lambswool', 'down', 'selvedge'],
  de: ['merino*', 'wolle', 'woll*', 'kaschmir', 'leinen*', 'baumwoll*', 'bio', 'leder*', 'canvas', 'lammwolle', 'daunen*'],
};

/** Words that carry no product meaning, in both languages: never passed as a search query. */
// prettier-ignore
const STOPWORDS = new Set(
  [
    // English
    'a', 'an', 'the', 'i', 'im', 'ive', 'id', 'me', 'my', 'mine', 'you', 'your', 'we', 'our', 'us', 'it', 'its',
    'is', 'are', 'am', 'was', 'were', 'be', 'been', 'do', 'does', 'did', 'dont', 'doesnt', 'have', 'has', 'had',
    'got', 'any', 'some', 'something', 'anything', 'for', 'to', 'of', 'in', 'on', 'at', 'with', 'and', 'or', 'but',
    'please', 'can', 'could', 'would', 'will', 'should', 'may', 'might', 'want', 'need', 'like', 'looking', 'look',
    'find', 'show', 'see', 'get', 'buy', 'sell', 'carry', 'recommend', 'recommendation', 'recommendations',
    'suggest', 'suggestion', 'suggestions', 'search', 'there', 'this', 'that', 'these', 'those', 'what', 'which',
    'who', 'how', 'where', 'when', 'why', 'one', 'ones', 'nice', 'good', 'great', 'new', 'also', 'too', 'very',
    'really', 'just', 'under', 'below', 'less', 'than', 'over', 'up', 'most', 'max', 'maximum', 'cheaper', 'within',
    'chf', 'fr', 'sfr', 'franc', 'francs', 'hi', 'hello', 'hey', 'thanks', 'thank', 'maybe', 'kind', 'sort', 'type',
    'available', 'stock', 'offer', 'gift', 'present', 'wife', 'husband', 'girlfriend', 'boyfriend', 'man', 'men',
    'mens', 'woman', 'women', 'womens', 'shop', 'store', 'item', 'items', 'product', 'products', 'piece', 'pieces',
    'let', 'lets', 'tell', 'about', 'from', 'all', 'more', 'other', 'else', 'much', 'many', 'cheap', 'price',
    'prices', 'cost', 'budget', 'size', 'sizes', 'colour', 'colours', 'color', 'colors', 'come', 'comes', 'fit',
    'fits', 'wear', 'id', 'them', 'they', 'their', 'if', 'so', 'not', 'no', 'yes', 'still', 'now', 'today', 'idea',
    'ideas', 'order', 'orders', 'ordering',
    // German
    'ich', 'mir', 'mich', 'mein', 'meine', 'meinen', 'meiner', 'sie', 'ihr', 'ihre', 'ihnen', 'ihren', 'du', 'dir',
    'dich', 'wir', 'uns', 'unser', 'unsere', 'es', 'er', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine',
    'einen', 'einem', 'einer', 'eines', 'und', 'oder', 'aber', 'bitte', 'danke', 'haben', 'habt', 'hast', 'hat',
    'gibt', 'sind', 'ist', 'bin', 'kann', 'konnen', 'konnten', 'mochte', 'mochten', 'will', 'wollen', 'suche',
    'suchen', 'sucht', 'zeigen', 'zeige', 'zeig', 'empfehlen', 'empfehlung', 'empfehlungen', 'empfiehlst', 'brauche',
    'brauchen', 'kaufen', 'verkaufen', 'fur', 'mit', 'von', 'aus', 'zu', 'zum', 'zur', 'im', 'an', 'auf', 'bei',
    'nach', 'unter', 'uber', 'bis', 'als', 'weniger', 'maximal', 'hochstens', 'franken', 'was', 'welche', 'welcher',
    'welches', 'wie', 'wo', 'wann', 'etwas', 'irgendwas', 'gern', 'gerne', 'schon', 'schone', 'schonen', 'gut',
    'gute', 'guten', 'neu', 'neue', 'hallo', 'noch', 'auch', 'sehr', 'mal', 'doch', 'ja', 'nein', 'nicht', 'kein',
    'keine', 'so', 'diese', 'dieser', 'dieses', 'man', 'herren', 'damen', 'frau', 'mann', 'geschenk', 'artikel',
    'produkt', 'produkte', 'sortiment', 'angebot', 'preis', 'kosten', 'kostet', 'billig', 'gunstig', 'gunstiger',
    'billiger', 'teuer', 'alle', 'alles', 'andere', 'mehr', 'grosse', 'grossen', 'farbe', 'farben', 'verfugbar',
    'erhaltlich', 'lieferbar', 'vorratig', 'lager', 'passt', 'euch', 'ihr', 'tragen', 'idee', 'ideen',
    'bestellen', 'bestellung',
  ].map(normaliseForSearch),
);

// =================================================================================================
// Understanding a question (pure)

interface WordPattern {
  readonly word: string;
  readonly anyEnding: boolean;
  readonly anyBeginning: boolean;
}

const compiled = new Map<string, readonly WordPattern[]>();

function compile(entry: string): readonly WordPattern[] {
  let pattern = compiled.get(entry);
  if (!pattern) {
    pattern = entry
      .split(/[\s-]+/)
      .filter(Boolean)
      .map((part) => ({
        word: normaliseForSearch(part.replace(/\*/g, '')),
        anyEnding: part.endsWith('*'),
        anyBeginning: part.startsWith('*'),
      }));
    compiled.set(entry, pattern);
  }
  return pattern;
}

function wordMatches(token: string, part: WordPattern): boolean {
  if (part.anyBeginning && part.anyEnding) return token.includes(part.word);
  if (part.anyEnding) return token.startsWith(part.word);
  if (part.anyBeginning) return token.endsWith(part.word);
  return token === part.word;
}

type Span = readonly [start: number, end: number];

/** Every place where one of `words` (either language) occurs in `tokens`, as [start, end). */
function spansOf(tokens: readonly string[], words: Words | readonly string[]): Span[] {
  const entries = Array.isArray(words)
    ? (words as readonly string[])
    : [...(words as Words).en, ...(words as Words).de];
  const found: Span[] = [];
  for (const entry of entries) {
    const pattern = compile(entry);
    if (!pattern.length) continue;
    for (let start = 0; start + pattern.length <= tokens.length; start += 1) {
      if (pattern.every((part, offset) => wordMatches(tokens[start + offset] as string, part))) {
        found.push([start, start + pattern.length]);
      }
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** A question's words as the tables see them: normalised, apostrophes dropped ("where's" is "wheres"). */
export function tokenise(text: string): string[] {
  return normaliseForSearch(text.replace(/['’`´]/g, ''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface Measurement {
  readonly value: number;
  readonly unit: 'cm' | 'in';
}

const MEASUREMENT =
  /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*(zentimeter|centimet(?:er|re)s?|cm|inches|inch|zoll|in|"|″|'')?(?![\p{L}\p{N}])/gu;
const CURRENCY_BEFORE = /(?:chf|sfr|fr\.?)\s*$/;
const CURRENCY_AFTER = /^\s*(?:chf|sfr|franken|francs|fr\b|\.-)/;
/** Not a chest or waist: a height, a weight, an age, a shoe size. */
const OTHER_UNIT_AFTER = /^\s*(?:m|meters?|metres?|kg|kilos?|years?|jahre|eu)(?![\p{L}\p{N}])/u;
const PRICE_LIMIT =
  /(?:under|below|less than|cheaper than|no more than|not more than|at most|up to|max(?:imum)?|within|unter|bis(?: zu)?|hochstens|maximal|weniger als|billiger als|gunstiger als)\s*(?:chf|sfr|fr\.?|franken|francs)?\s*(\d+(?:[.,]\d+)?)/u;

const toNumber = (raw: string): number => Number(raw.replace(',', '.'));

/**
 * The body measurement in a size question: a number with cm, in, inch, " or Zoll; without a unit,
 * inches below 60 and centimetres from 60. Prices ("CHF 100", "100 Franken"), heights ("1.80 m")
 * and weights are not measurements.
 */
export function measurementIn(text: string): Measurement | undefined {
  const normalised = normaliseForSearch(text);
  for (const match of normalised.matchAll(MEASUREMENT)) {
    const at = match.index ?? 0;
    const before = normalised.slice(Math.max(0, at - 6), at);
    const after = normalised.slice(at + (match[1] as string).length);
    if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after) || OTHER_UNIT_AFTER.test(after)) continue;
    const value = toNumber(match[1] as string);
    if (!(value > 0 && value <= 300)) continue;
    const unitWord = match[2];
    const unit = unitWord ? (/^(?:cm|zentimeter|centimet)/.test(unitWord) ? 'cm' : 'in') : value < 60 ? 'in' : 'cm';
    return { value, unit };
  }
  return undefined;
}

/** "under CHF 100", "unter 100 Franken", "bis 80": the price limit in francs. */
export function priceLimitIn(text: string): number | undefined {
  const match = PRICE_LIMIT.exec(normaliseForSearch(text));
  const value = match ? toNumber(match[1] as string) : NaN;
  return value > 0 ? value : undefined;
}

interface ProductQuestion {
  readonly search: SearchProductsInput;
  /** A garment, colour, material, category or price: the question is about products. */
  readonly specific: boolean;
  /** Looking for / do you have / show me ..., or anything specific. */
  readonly product: boolean;
  /** The categories its garment words belong to. */
  readonly garmentCategories: ReadonlySet<CategoryId>;
}

/** The `search_products` input a question asks for, and whether it is a product question at all. */
export function productQuestion(text: string): ProductQuestion {
  const tokens = tokenise(text);
  const consumed = new Set<number>();
  const free = ([start, end]: Span) => {
    for (let i = start; i < end; i += 1) if (consumed.has(i)) return false;
    return true;
  };
  const take = ([start, end]: Span) => {
    for (let i = start; i < end; i += 1) consumed.add(i);
  };
  const words: Array<{ at: number; word: string }> = [];

  let category: CategoryId | undefined;
  for (const [id, names] of Object.entries(CATEGORY_WORDS) as Array<[CategoryId, Words]>) {
    for (const span of spansOf(tokens, names).filter(free)) {
      category ??= id;
      take(span);
    }
  }
  let color: string | undefined;
  for (const row of COLOURS) {
    for (const span of spansOf(tokens, row).filter(free)) {
      color ??= row.color;
      take(span);
    }
  }
  const garmentCategories = new Set<CategoryId>();
  for (const row of GARMENTS) {
    for (const [language, search] of [
      ['en', row.search],
      ['de', GERMAN_SEARCH[row.search] ?? row.search],
    ] as const) {
      for (const span of spansOf(tokens, row[language]).filter(free)) {
        take(span);
        garmentCategories.add(row.category);
        if (!words.some((w) => w.word === search)) words.push({ at: span[0], word: search });
      }
    }
  }
  const material = spansOf(tokens, MATERIALS).length > 0;
  const trigger = spansOf(tokens, INTENT_WORDS.products);
  // The words of asking are not what is asked for.
  for (const span of [
    ...trigger,
    ...spansOf(tokens, INTENT_WORDS.details),
    ...spansOf(tokens, INTENT_WORDS.size),
    ...spansOf(tokens, INTENT_WORDS.greeting),
    ...spansOf(tokens, INTENT_WORDS.thanks),
  ]) {
    take(span);
  }
  tokens.forEach((token, at) => {
    if (consumed.has(at) || STOPWORDS.has(token) || /^\d/.test(token) || token.length < 2) return;
    if (!words.some((w) => w.word === token)) words.push({ at, word: token });
  });
  const query = words
    .sort((a, b) => a.at - b.at)
    .map((w) => w.word)
    .join(' ')
    .slice(0, 100)
    .trim();

  const maxPriceChf = priceLimitIn(text);
  const implied = garmentCategories.size === 1 ? [...garmentCategories][0] : undefined;
  const search: SearchProductsInput = {
    ...(query ? { query } : {}),
    ...((category ?? implied) ? { category: category ?? implied } : {}),
    ...(color ? { color } : {}),
    ...(maxPriceChf !== undefined ? { maxPriceChf } : {}),
  };
  // Other words alone ("the meaning of life") do not make a product question; with one of these they narrow it.
  const specific = Boolean(garmentCategories.size || category || color || maxPriceChf !== undefined || material);
  return { search, specific, product: specific || trigger.length > 0, garmentCategories };
}

export type PolicyTopic = NonNullable<ShopPoliciesInput['topic']>;

export type Understanding =
  | { readonly intent: 'refusal' }
  | { readonly intent: 'orders' }
  | { readonly intent: 'size'; readonly table: 'tops' | 'bottoms'; readonly measurement?: Measurement }
  | { readonly intent: 'policies'; readonly topic: PolicyTopic }
  | { readonly intent: 'products'; readonly search: SearchProductsInput; readonly details: boolean }
  | { readonly intent: 'greeting' }
  | { readonly intent: 'thanks' }
  | { readonly intent: 'unknown' };

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;

function understandOne(text: string): Understanding {
  const tokens = tokenise(text);
  const has = (words: Words) => spansOf(tokens, words).length > 0;
  if (has(INTENT_WORDS.refusal)) return { intent: 'refusal' };
  // Orders asked for by an email address are someone's orders: my_orders knows the caller from the token alone.
  if (EMAIL.test(text) && (has(INTENT_WORDS.orders) || has(INTENT_WORDS.ordersLoosely))) return { intent: 'refusal' };

  const topics: PolicyTopic[] = [];
  if (has(INTENT_WORDS.returns)) topics.push('returns');
  // "How long do I have to return it?" is about the return window, not about dispatch.
  if (has(INTENT_WORDS.dispatch) && !topics.length) topics.push('dispatch');
  else if (has(INTENT_WORDS.shipping)) topics.push('shipping');
  if (has(INTENT_WORDS.contact)) topics.push('contact');
  const policy = (): Understanding => ({
    intent: 'policies',
    topic: has(INTENT_WORDS.policies) || topics.length > 1 ? 'all' : (topics[0] ?? 'all'),
  });
  if (topics.includes('returns')) return policy();
  if (has(INTENT_WORDS.orders)) return { intent: 'orders' };

  const product = productQuestion(text);
  const sizeQuestion = has(INTENT_WORDS.size);
  const table = has(INTENT_WORDS.bottoms) || product.garmentCategories.has('bottoms') ? 'bottoms' : 'tops';
  const measurement = sizeQuestion ? measurementIn(text) : undefined;
  if (sizeQuestion && measurement) return { intent: 'size', table, measurement };
  if (topics.length || has(INTENT_WORDS.policies)) return policy();

  const details = has(INTENT_WORDS.details);
  if (sizeQuestion) {
    // "Which sizes does the tee come in?" is about the tee; "Which size should I take?" about the shopper.
    return details && product.specific
      ? { intent: 'products', search: product.search, details: true }
      : { intent: 'size', table };
  }
  if (product.product) return { intent: 'products', search: product.search, details };
  if (has(INTENT_WORDS.ordersLoosely)) return { intent: 'orders' };
  if (has(INTENT_WORDS.greeting)) return { intent: 'greeting' };
  if (has(INTENT_WORDS.thanks)) return { intent: 'thanks' };
  return { intent: 'unknown' };
}

/**
 * What a shopper's message asks for. A message the server joined from two (a question whose
 * answer failed, then a new one, separated by a blank line) is read by its newest part first.
 */
export function understand(question: string): Understanding {
  const parts = question
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const newest = parts[parts.length - 1];
  if (newest && parts.length > 1) {
    const understood = understandOne(newest);
    if (understood.intent !== 'unknown') return understood;
  }
  return understandOne(question);
}

// =================================================================================================
// Answers (pure). German in Swiss spelling (ss, never ß), addressing the shopper as "Sie".

const listed = (items: readonly string[], language: Language): string => {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${language === 'de' ? 'und' : 'and'} ${items[items.length - 1]}`;
};

const formatNumber = (value: number, language: Language): string =>
  new Intl.NumberFormat(`${language}-CH`, { maximumFractionDigits: 1 }).format(value);

function formatDay(isoDay: string, language: Language): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay) || Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat(`${language}-CH`, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Every sentence the stand-in says, in both languages. */
export const TEXTS = {
  en: {
    refusal:
      "I'm sorry, I can't help with that: I don't share my instructions, and I can't show data of other customers or of the shop's administration. I'm happy to help with our products, sizes, shipping and returns, or your own orders.",
    signIn:
      'To see your orders, please sign in at /auth. Once you are signed in, I can tell you their status and tracking here.',
    notUnderstood:
      "Sorry, I didn't understand that. I can help you find products, choose a size, and answer questions about shipping, returns and your orders. For anything else, our team is happy to help on the contact page (/contact).",
    thanks: "You're welcome! Is there anything else I can help you with?",
    greeting:
      "Hello! I'm LINEA's shop assistant. I can help you find products, choose a size, and answer questions about shipping, returns and your orders. What are you looking for?",
    cannotLookUp: "I can't look that up at the moment. Our team is happy to help on the contact page (/contact).",
    toolError:
      "I'm sorry, I couldn't look that up just now. Please try again in a moment, or ask our team on the contact page (/contact).",
    askMeasurement: (table: 'tops' | 'bottoms') =>
      table === 'bottoms'
        ? 'Happy to help with the size. What is your waist measurement, in cm or inches? Measure around your natural waist. Our size guide is at /size-guide.'
        : 'Happy to help with the size. What is your chest measurement, in cm or inches? Measure around the fullest part of your chest. Our size guide is at /size-guide.',
    found: (items: readonly string[]) => `Here is what I found: ${listed(items, 'en')}.`,
    moreFound: (total: number) => ` ${total} products match in all; /products shows the whole range.`,
    nothingFound:
      "I couldn't find anything matching that in our shop. You can browse the whole range at /products, or ask our team on the contact page (/contact).",
    productLine: (p: ChatToolProduct, details: boolean) =>
      `${p.name} (${p.priceText}${details ? `; sizes ${p.sizes.join(', ')}; colours ${p.colors.join(', ')}` : ''}${p.inStock ? '' : '; sold out'})`,
    product: (p: ChatToolProduct) =>
      `${p.name} costs ${p.priceText}. Sizes: ${p.sizes.join(', ')}; colours: ${p.colors.join(', ')}. ${p.inStock ? 'It is in stock.' : 'It is sold out at the moment.'}`,
    productGone: 'I could not find that product in our shop any more. You can browse the whole range at /products.',
    measured: (what: 'chest' | 'waist' | 'none') => (what === 'waist' ? 'waist' : 'chest'),
    sizeIs: (what: string, measurement: string, size: string, range: string) =>
      `For a ${what} of ${measurement}, our size guide recommends size ${size} (${range}).`,
    between: (what: string, measurement: string, larger: string, smaller: string) =>
      `A ${what} of ${measurement} is right between two sizes: ${larger} for a relaxed fit, or ${smaller} for a closer fit.`,
    below: (what: string, measurement: string, size: string, range: string) =>
      `A ${what} of ${measurement} is below our smallest size, ${size} (${range}). Our team is happy to advise on the contact page (/contact).`,
    above: (what: string, measurement: string, size: string, range: string) =>
      `A ${what} of ${measurement} is above our largest size, ${size} (${range}). Our team is happy to advise on the contact page (/contact).`,
    noTable:
      'Our size guide covers tops and bottoms; for anything else our team is happy to help on the contact page (/contact).',
    guideLink: ' The full size guide is at /size-guide.',
    shipping: (fee: string, countries: readonly string[]) =>
      `Shipping costs ${fee}. We deliver to ${listed(countries, 'en')}.`,
    dispatch: (min: number, max: number) =>
      `We dispatch orders within ${min === max ? min : `${min}–${max}`} business days.`,
    returns: (days: number) => `You can return items within ${days} days.`,
    contact: (hours: readonly string[], replyHours: number, page: string) =>
      `Our customer service hours are ${listed(hours, 'en')} (Zürich time). We reply within ${replyHours} hours; you can write to us on the contact page (${page}).`,
    noOrders: "I can't find any orders in your account yet. Once you have ordered, I can tell you their status here.",
    latestOrder: (number: string, day: string, total: string, status: string) =>
      `Your latest order, ${number} from ${day} (${total}), has the status “${status}”.`,
    tracking: (carrier?: string, trackingNumber?: string, url?: string) =>
      ` It is on its way${carrier ? ` with ${carrier}` : ''}${trackingNumber ? `, tracking number ${trackingNumber}` : ''}${url ? `: ${url}` : ''}.`,
    otherOrders: (count: number) =>
      ` You have ${count} other recent ${count === 1 ? 'order' : 'orders'}; all of them are in your account (/dashboard).`,
  },
  de: {
    refusal:
      'Das kann ich leider nicht: Meine Anweisungen gebe ich nicht weiter, und Daten anderer Kundinnen und Kunden oder der Shop-Verwaltung kann ich nicht zeigen. Gern helfe ich Ihnen bei unseren Produkten, Grössen, Versand und Rücksendungen oder Ihren eigenen Bestellungen.',
    signIn:
      'Um Ihre Bestellungen zu sehen, melden Sie sich bitte unter /auth an. Danach kann ich Ihnen hier Status und Sendungsverfolgung nennen.',
    notUnderstood:
      'Entschuldigung, das habe ich nicht verstanden. Ich helfe Ihnen gern, Produkte zu finden und die richtige Grösse zu wählen, und beantworte Fragen zu Versand, Rücksendungen und Ihren Bestellungen. Für alles andere hilft Ihnen unser Team gern über die Kontaktseite (/contact).',
    thanks: 'Gern geschehen! Kann ich Ihnen sonst noch helfen?',
    greeting:
      'Grüezi! Ich bin der Shop-Assistent von LINEA. Ich helfe Ihnen gern, Produkte zu finden und die richtige Grösse zu wählen, und beantworte Fragen zu Versand, Rücksendungen und Ihren Bestellungen. Was suchen Sie?',
    cannotLookUp:
      'Das kann ich im Moment nicht nachschlagen. Unser Team hilft Ihnen gern über die Kontaktseite (/contact).',
    toolError:
      'Das konnte ich leider gerade nicht nachschlagen. Bitte versuchen Sie es gleich noch einmal, oder fragen Sie unser Team über die Kontaktseite (/contact).',
    askMeasurement: (table: 'tops' | 'bottoms') =>
      table === 'bottoms'
        ? 'Gern helfe ich bei der Grösse. Wie viel misst Ihre Taille, in cm oder Zoll? Messen Sie an der natürlichen Taille. Unsere Grössentabelle finden Sie unter /size-guide.'
        : 'Gern helfe ich bei der Grösse. Wie viel misst Ihr Brustumfang, in cm oder Zoll? Messen Sie an der breitesten Stelle der Brust. Unsere Grössentabelle finden Sie unter /size-guide.',
    found: (items: readonly string[]) => `Das habe ich gefunden: ${listed(items, 'de')}.`,
    moreFound: (total: number) =>
      ` Insgesamt passen ${total} Produkte; das ganze Sortiment finden Sie unter /products.`,
    nothingFound:
      'Dazu habe ich in unserem Sortiment leider nichts gefunden. Das ganze Sortiment finden Sie unter /products, oder fragen Sie unser Team über die Kontaktseite (/contact).',
    productLine: (p: ChatToolProduct, details: boolean) =>
      `${p.name} (${p.priceText}${details ? `; Grössen ${p.sizes.join(', ')}; Farben ${p.colors.join(', ')}` : ''}${p.inStock ? '' : '; ausverkauft'})`,
    product: (p: ChatToolProduct) =>
      `${p.name} kostet ${p.priceText}. Grössen: ${p.sizes.join(', ')}; Farben: ${p.colors.join(', ')}. ${p.inStock ? 'Der Artikel ist an Lager.' : 'Der Artikel ist zurzeit ausverkauft.'}`,
    productGone:
      'Dieses Produkt finde ich in unserem Sortiment nicht mehr. Das ganze Sortiment finden Sie unter /products.',
    measured: (what: 'chest' | 'waist' | 'none') => (what === 'waist' ? 'Taillenumfang' : 'Brustumfang'),
    sizeIs: (what: string, measurement: string, size: string, range: string) =>
      `Bei einem ${what} von ${measurement} empfiehlt unsere Grössentabelle Grösse ${size} (${range}).`,
    between: (what: string, measurement: string, larger: string, smaller: string) =>
      `Mit einem ${what} von ${measurement} liegen Sie genau zwischen zwei Grössen: ${larger} für eine lockere, ${smaller} für eine körpernahe Passform.`,
    below: (what: string, measurement: string, size: string, range: string) =>
      `Ein ${what} von ${measurement} liegt unter unserer kleinsten Grösse ${size} (${range}). Unser Team berät Sie gern über die Kontaktseite (/contact).`,
    above: (what: string, measurement: string, size: string, range: string) =>
      `Ein ${what} von ${measurement} liegt über unserer grössten Grösse ${size} (${range}). Unser Team berät Sie gern über die Kontaktseite (/contact).`,
    noTable:
      'Unsere Grössentabelle gilt für Oberteile und Hosen; für alles andere hilft Ihnen unser Team gern über die Kontaktseite (/contact).',
    guideLink: ' Die ganze Grössentabelle finden Sie unter /size-guide.',
    shipping: (fee: string, countries: readonly string[]) =>
      `Der Versand kostet ${fee}. Lieferländer: ${listed(countries, 'de')}.`,
    dispatch: (min: number, max: number) =>
      `Wir versenden Bestellungen innert ${min === max ? min : `${min}–${max}`} Werktagen.`,
    returns: (days: number) => `Sie können Artikel innert ${days} Tagen zurücksenden.`,
    contact: (hours: readonly string[], replyHours: number, page: string) =>
      `Unser Kundendienst ist zu diesen Zeiten für Sie da: ${listed(hours, 'de')} (Zürcher Zeit). Wir antworten innert ${replyHours} Stunden; schreiben Sie uns über die Kontaktseite (${page}).`,
    noOrders:
      'In Ihrem Konto finde ich noch keine Bestellungen. Sobald Sie bestellt haben, kann ich Ihnen hier den Status nennen.',
    latestOrder: (number: string, day: string, total: string, status: string) =>
      `Ihre neueste Bestellung ${number} vom ${day} (${total}) hat den Status «${status}».`,
    tracking: (carrier?: string, trackingNumber?: string, url?: string) =>
      ` Sie ist unterwegs${carrier ? ` mit ${carrier}` : ''}${trackingNumber ? `, Sendungsnummer ${trackingNumber}` : ''}${url ? `: ${url}` : ''}.`,
    otherOrders: (count: number) =>
      ` Dazu haben Sie ${count} ${count === 1 ? 'weitere Bestellung' : 'weitere Bestellungen'}; alle finden Sie in Ihrem Konto (/dashboard).`,
  },
} satisfies Record<Language, unknown>;

/** At most this many products are named in an answer. */
const NAMED_PRODUCTS = 3;

interface ToolOutcome {
  readonly name: string;
  readonly input: unknown;
  readonly ok: boolean;
  readonly result: unknown;
}

const isProduct = (value: unknown): value is ChatToolProduct =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.priceText === 'string' &&
  Array.isArray(value.sizes) &&
  Array.isArray(value.colors);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * One tool result as a sentence or two. Only the named fields are read: product texts are data,
 * never instructions. A result of unexpected shape is answered like a failed tool.
 */
export function answerFor(outcome: ToolOutcome, language: Language, details = false): string {
  const t = TEXTS[language];
  const result = outcome.result;
  if (!outcome.ok || !isObject(result) || 'error' in result) return t.toolError;
  switch (outcome.name) {
    case 'search_products': {
      if (!Array.isArray(result.products)) return t.toolError;
      const products = result.products.filter(isProduct);
      if (!products.length) return t.nothingFound;
      const named = products.slice(0, NAMED_PRODUCTS);
      const total = typeof result.total === 'number' ? result.total : products.length;
      return `${t.found(named.map((p) => t.productLine(p, details)))}${total > named.length ? t.moreFound(total) : ''}`;
    }
    case 'get_product': {
      if (result.found === false) return t.productGone;
      return isProduct(result.product) ? t.product(result.product) : t.toolError;
    }
    case 'size_advice': {
      const input = (isObject(outcome.input) ? outcome.input : {}) as Partial<SizeAdviceInput>;
      const rows = Array.isArray(result.rows) ? result.rows.filter(isObject) : [];
      if (result.table === 'none' || !rows.length) return t.noTable;
      const what = t.measured(result.measured === 'waist' ? 'waist' : 'chest');
      const unit = input.unit === 'in' ? 'in' : 'cm';
      const measurementCm = typeof result.measurementCm === 'number' ? result.measurementCm : undefined;
      const measurement =
        typeof input.measurement === 'number'
          ? `${formatNumber(input.measurement, language)} ${unit}${unit === 'in' && measurementCm !== undefined ? ` (${formatNumber(measurementCm, language)} cm)` : ''}`
          : `${formatNumber(measurementCm ?? 0, language)} cm`;
      const range = (row: Record<string, unknown> | undefined) =>
        row ? (unit === 'in' ? `${String(row.inches)} in` : `${String(row.cm)} cm`) : '';
      const rowOf = (size: unknown) => rows.find((row) => row.size === size);
      if (result.outside === 'below') return t.below(what, measurement, String(rows[0]?.size), range(rows[0]));
      const last = rows[rows.length - 1];
      if (result.outside === 'above') return t.above(what, measurement, String(last?.size), range(last));
      const size = text(result.size);
      if (!size) return t.toolError;
      const alternative = text(result.alternative);
      if (alternative) {
        const sizeFirst =
          rows.indexOf(rowOf(size) as Record<string, unknown>) >
          rows.indexOf(rowOf(alternative) as Record<string, unknown>);
        const [larger, smaller] = sizeFirst ? [size, alternative] : [alternative, size];
        return `${t.between(what, measurement, larger, smaller)}${t.guideLink}`;
      }
      return `${t.sizeIs(what, measurement, size, range(rowOf(size)))}${t.guideLink}`;
    }
    case 'shop_policies': {
      const topic = isObject(outcome.input) && typeof outcome.input.topic === 'string' ? outcome.input.topic : 'all';
      const shipping = isObject(result.shipping) ? result.shipping : {};
      const dispatch = isObject(result.dispatch) ? result.dispatch : {};
      const returns = isObject(result.returns) ? result.returns : {};
      const contact = isObject(result.contact) ? result.contact : {};
      const sentences: Record<Exclude<PolicyTopic, 'all'>, string> = {
        shipping: t.shipping(String(shipping.feeText), strings(shipping.countries)),
        dispatch: t.dispatch(Number(dispatch.minBusinessDays), Number(dispatch.maxBusinessDays)),
        returns: t.returns(Number(returns.windowDays)),
        contact: t.contact(
          strings(contact.hours),
          Number(contact.replyWithinHours),
          text(contact.contactPage) ?? '/contact',
        ),
      };
      return topic === 'all' || !(topic in sentences)
        ? Object.values(sentences).join(' ')
        : sentences[topic as keyof typeof sentences];
    }
    case 'my_orders': {
      if (result.signedIn !== true) return t.signIn;
      const orders = Array.isArray(result.orders) ? result.orders.filter(isObject) : [];
      const newest = orders[0];
      if (!newest) return t.noOrders;
      const carrier = text(newest.carrier);
      const trackingNumber = text(newest.trackingNumber);
      const trackingUrl = text(newest.trackingUrl);
      return [
        t.latestOrder(
          String(newest.number),
          formatDay(String(newest.placedAt), language),
          String(newest.totalText),
          String(newest.statusText),
        ),
        carrier || trackingNumber || trackingUrl ? t.tracking(carrier, trackingNumber, trackingUrl) : '',
        orders.length > 1 ? t.otherOrders(orders.length - 1) : '',
      ].join('');
    }
    default:
      return t.toolError;
  }
}

// =================================================================================================
// The responder (pure): one Converse request in, the assistant's message out

const say = (message: string): ConverseReply => ({ content: [{ text: message }], stopReason: 'end_turn' });

/** Bedrock's ids look like `tooluse_` and 22 URL-safe characters; these are derived from the conversation. */
const toolUseId = (seed: string): string =>
  `tooluse_${createHash('sha256').update(seed).digest('base64url').slice(0, 22)}`;

const ask = (name: ChatToolName, input: object, seed: string): ConverseReply => ({
  content: [{ toolUse: { toolUseId: toolUseId(seed), name, input } }],
  stopReason: 'tool_use',
});

/** The question this turn answers: the newest user message that has text. */
function currentQuestion(conversation: readonly WireMessage[]): { text: string; index: number } | undefined {
  for (let index = conversation.length - 1; index >= 0; index -= 1) {
    const message = conversation[index] as WireMessage;
    const parts = message.content.flatMap((block) => (typeof block.text === 'string' ? [block.text] : []));
    if (message.role === 'user' && parts.length) return { text: parts.join('\n'), index };
  }
  return undefined;
}

/** A tool result's `json` block (or a text block holding JSON). */
function resultOf(block: ToolResultBlock): unknown {
  for (const part of Array.isArray(block.content) ? block.content : []) {
    if (!isObject(part)) continue;
    if (part.json !== undefined) return part.json;
    if (typeof part.text === 'string') {
      try {
        return JSON.parse(part.text) as unknown;
      } catch {
        return { text: part.text };
      }
    }
  }
  return undefined;
}

/** The first move on a new question: a tool call, or an answer that needs none. */
export function firstMove(
  understanding: Understanding,
  language: Language,
  offered: readonly string[],
  seed = '',
): ConverseReply {
  const t = TEXTS[language];
  const tool = (name: ChatToolName, input: object) =>
    offered.includes(name) ? ask(name, input, seed) : say(t.cannotLookUp);
  switch (understanding.intent) {
    case 'refusal':
      return say(t.refusal);
    case 'orders':
      return offered.includes('my_orders') ? ask('my_orders', {}, seed) : say(t.signIn);
    case 'size':
      return understanding.measurement
        ? tool('size_advice', {
            category: understanding.table,
            measurement: understanding.measurement.value,
            unit: understanding.measurement.unit,
          } satisfies SizeAdviceInput)
        : say(t.askMeasurement(understanding.table));
    case 'policies':
      return tool('shop_policies', { topic: understanding.topic } satisfies ShopPoliciesInput);
    case 'products':
      return tool('search_products', understanding.search);
    case 'greeting':
      return say(t.greeting);
    case 'thanks':
      return say(t.thanks);
    case 'unknown':
      return say(t.notUnderstood);
  }
}

/**
 * The assistant's next message for a valid conversation: on a new question the tool it needs
 * (or an answer without one); after tool results the answer composed from them, or, when a
 * search found exactly the one product whose sizes, colours or stock were asked about, one more
 * round with `get_product` for it.
 */
export function respond(body: ConverseRequestBody, conversation: readonly WireMessage[]): ConverseReply {
  const language = replyLanguage(body.system);
  const offered = offeredTools(body) ?? [];
  const seed = JSON.stringify(conversation);
  const t = TEXTS[language];
  const last = conversation[conversation.length - 1];
  // A conversation that ends with the assistant (a prefill) has nothing new to answer.
  if (!last || last.role !== 'user') return say(t.notUnderstood);
  const question = currentQuestion(conversation);
  const understanding = understand(question?.text ?? '');
  const results = last.content.flatMap((block) => (block.toolResult ? [block.toolResult] : []));
  if (!results.length) return firstMove(understanding, language, offered, seed);

  const previous = conversation[conversation.length - 2];
  const uses = new Map(
    (previous?.content ?? []).flatMap((block) =>
      block.toolUse ? [[block.toolUse.toolUseId, block.toolUse] as const] : [],
    ),
  );
  const outcomes: ToolOutcome[] = results.map((block) => {
    const use = uses.get(block.toolUseId);
    return { name: use?.name ?? '', input: use?.input, ok: block.status !== 'error', result: resultOf(block) };
  });
  const details = understanding.intent === 'products' && understanding.details;
  const usedThisTurn = conversation
    .slice((question?.index ?? 0) + 1)
    .flatMap((message) => message.content.flatMap((block) => (block.toolUse ? [block.toolUse.name] : [])));
  const search = outcomes.find((outcome) => outcome.name === 'search_products' && outcome.ok);
  const hits =
    search && isObject(search.result) && Array.isArray(search.result.products)
      ? search.result.products.filter(isProduct)
      : [];
  const only = hits.length === 1 ? (hits[0] as ChatToolProduct) : undefined;
  if (
    details &&
    only &&
    typeof only.id === 'string' &&
    offered.includes('get_product') &&
    !usedThisTurn.includes('get_product')
  ) {
    return ask('get_product', { id: only.id }, seed);
  }
  return say(outcomes.map((outcome) => answerFor(outcome, language, details)).join(' '));
}

/** Bedrock counts tokens; the stand-in estimates them (about four characters each). */
const tokensIn = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

// =================================================================================================
// The HTTP layer

export interface BedrockStandInOptions {
  /** 0 = any free port. */
  readonly port: number;
  /** The one model id served; any other is ResourceNotFoundException. @default LOCAL_CHAT_MODEL_ID */
  readonly modelId?: string;
  /** Verbose lines (every call, every armed fault). */
  readonly log: (line: string) => void;
}

export interface BedrockStandIn extends RunningServer {
  readonly modelId: string;
}

interface Fault {
  readonly type: BedrockErrorType | null;
  readonly message: string | null;
  readonly delayMs: number;
  remaining: number;
}

interface RecordedRequest {
  readonly at: string;
  readonly modelId: string;
  readonly body: unknown;
}

/** How many Converse request bodies GET /_stand-in/requests keeps. */
export const RECORDED_REQUESTS = 50;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_FAULT_DELAY_MS = 10 * 60 * 1000;
const ERROR_NAMESPACE = 'http://internal.amazon.com/coral/com.amazon.bedrock/';

/** What both protocols' requests and responses have in common, as far as this server uses them. */
interface Incoming extends AsyncIterable<Buffer | string> {
  readonly method?: string;
  readonly url?: string;
}
interface Outgoing {
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
  once(event: 'close', listener: () => void): unknown;
}

class BodyTooLarge extends Error {}

async function readBody(req: Incoming, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: Outgoing, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const payload = JSON.stringify(body);
  try {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      ...headers,
    });
    res.end(payload);
  } catch {
    // The caller went away (an HTTP/2 stream closed under us): nobody is left to answer.
  }
}

/** Waits `ms`; false when the caller hung up meanwhile. */
function pause(ms: number, res: Outgoing): Promise<boolean> {
  return new Promise((resolvePause) => {
    const timer = setTimeout(() => resolvePause(true), ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolvePause(false);
    });
  });
}

/**
 * One port, both protocols: the AWS SDK's Bedrock client speaks HTTP/2 (prior knowledge on
 * http://), fetch and curl HTTP/1.1. A connection whose first bytes are HTTP/2's preface
 * ("PRI * HTTP/2.0") goes to the HTTP/2 server, every other to the HTTP/1.1 one. Loopback only.
 */
function listenBoth(
  name: string,
  port: number,
  handle: (req: Incoming, res: Outgoing) => Promise<void>,
): Promise<RunningServer> {
  const guarded = (req: Incoming, res: Outgoing): void => {
    handle(req, res).catch((err: unknown) => {
      console.error(`[${name}] request failed:`, err);
      send(
        res,
        500,
        { message: BEDROCK_ERRORS.InternalServerException.message },
        {
          'x-amzn-errortype': `InternalServerException:${ERROR_NAMESPACE}`,
        },
      );
    });
  };
  const http1 = createHttp1Server(guarded);
  http1.keepAliveTimeout = 5_000;
  const http2 = createHttp2Server(guarded);
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client that resets before saying anything must not crash the process.
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first.subarray(0, 3).toString('latin1') === 'PRI' ? http2 : http1).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${port} for ${name} is already in use`, { cause: err }) : err);
    });
    server.listen(port, '127.0.0.1', () => {
      const actual = (server.address() as AddressInfo).port;
      resolveServer({
        url: `http://127.0.0.1:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((resolveClose) => {
            server.close(() => resolveClose());
            for (const socket of sockets) socket.destroy();
            http1.closeAllConnections();
          }),
      });
    });
  });
}

export function startBedrockStandIn(options: BedrockStandInOptions): Promise<BedrockStandIn> {
  const served = options.modelId ?? LOCAL_CHAT_MODEL_ID;
  const faults: Fault[] = [];
  const recorded: RecordedRequest[] = [];
  const log = (line: string) => options.log(`[bedrock] ${line}`);

  const fail = (res: Outgoing, requestId: string, error: BedrockError): void =>
    send(
      res,
      BEDROCK_ERRORS[error.type].status,
      { message: error.message },
      {
        'x-amzn-errortype': `${error.type}:${ERROR_NAMESPACE}`,
        'x-amzn-requestid': requestId,
      },
    );

  const servesModel = (modelId: string): boolean =>
    modelId === served || (modelId.startsWith('arn:') && modelId.endsWith(`/${served}`));

  const converse = async (req: Incoming, res: Outgoing, rawModelId: string): Promise<void> => {
    const started = performance.now();
    const requestId = randomUUID();
    let raw: string;
    try {
      raw = await readBody(req, MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        fail(res, requestId, new BedrockError('ValidationException', 'Input is too long for requested model.'));
        return;
      }
      throw err;
    }
    let modelId: string;
    try {
      modelId = decodeURIComponent(rawModelId);
    } catch {
      fail(res, requestId, new BedrockError('ValidationException', 'The provided model identifier is invalid.'));
      return;
    }
    let body: ConverseRequestBody;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (!isObject(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      send(
        res,
        400,
        { message: 'Request body is not a JSON object' },
        {
          'x-amzn-errortype': `SerializationException:${ERROR_NAMESPACE}`,
          'x-amzn-requestid': requestId,
        },
      );
      return;
    }
    recorded.push({ at: new Date().toISOString(), modelId, body });
    if (recorded.length > RECORDED_REQUESTS) recorded.splice(0, recorded.length - RECORDED_REQUESTS);

    const fault = faults[0];
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.shift();
      log(
        `fault: ${fault.type ?? 'delay'}${fault.delayMs ? ` after ${fault.delayMs} ms` : ''} (${fault.remaining} left)`,
      );
      if (fault.delayMs && !(await pause(fault.delayMs, res))) return;
      if (fault.type) {
        fail(res, requestId, new BedrockError(fault.type, fault.message ?? undefined));
        return;
      }
    }
    try {
      if (!servesModel(modelId)) {
        throw new BedrockError(
          'ResourceNotFoundException',
          `Could not resolve the foundation model from the model identifier ${modelId}. The local Bedrock stand-in serves ${served} only.`,
        );
      }
      const conversation = validateConverse(body);
      const reply = respond(body, conversation);
      const message = { role: 'assistant', content: reply.content };
      const inputTokens = tokensIn([body.system, body.messages, body.toolConfig]);
      const outputTokens = tokensIn(reply.content);
      const use = reply.content.find((block) => block.toolUse)?.toolUse;
      log(`converse: ${reply.stopReason}${use ? ` ${use.name} ${JSON.stringify(use.input)}` : ''}`);
      send(
        res,
        200,
        {
          output: { message },
          stopReason: reply.stopReason,
          usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
          metrics: { latencyMs: Math.max(0, Math.round(performance.now() - started)) },
        },
        { 'x-amzn-requestid': requestId },
      );
    } catch (err) {
      if (!(err instanceof BedrockError)) throw err;
      log(`converse: ${err.type}: ${err.message}`);
      fail(res, requestId, err);
    }
  };

  const control = async (req: Incoming, res: Outgoing, path: string): Promise<void> => {
    const method = req.method ?? 'GET';
    if (path === '/_stand-in/requests') {
      if (method === 'GET')
        return send(
          res,
          200,
          recorded.map((request) => request.body),
        );
      if (method === 'DELETE') return send(res, 200, { cleared: recorded.splice(0).length });
    }
    if (path === '/_stand-in/faults') {
      if (method === 'GET') return send(res, 200, { faults });
      if (method === 'DELETE') return send(res, 200, { cleared: faults.splice(0).length });
      if (method === 'POST') {
        let input: Record<string, unknown>;
        try {
          const parsed: unknown = JSON.parse((await readBody(req, 64 * 1024)) || '{}');
          if (!isObject(parsed)) throw new Error('not an object');
          input = parsed;
        } catch {
          return send(res, 400, { error: 'Body must be a JSON object' });
        }
        const { type, count = 1, delayMs = 0, message } = input;
        if (type !== undefined && (typeof type !== 'string' || !Object.hasOwn(BEDROCK_ERRORS, type))) {
          return send(res, 400, { error: `type must be one of ${Object.keys(BEDROCK_ERRORS).join(', ')}` });
        }
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
          return send(res, 400, { error: 'count must be a positive integer' });
        }
        if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_FAULT_DELAY_MS) {
          return send(res, 400, { error: `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}` });
        }
        if (type === undefined && delayMs === 0) {
          return send(res, 400, { error: 'Give a type (an error to answer with), a delayMs, or both' });
        }
        if (message !== undefined && typeof message !== 'string') {
          return send(res, 400, { error: 'message must be a string' });
        }
        const fault: Fault = {
          type: (type as BedrockErrorType | undefined) ?? null,
          message: message ?? null,
          delayMs,
          remaining: count,
        };
        faults.push(fault);
        log(`fault armed: ${fault.type ?? 'delay'} ×${count}${delayMs ? `, ${delayMs} ms` : ''}`);
        return send(res, 201, { fault, faults });
      }
    }
    if (method === 'GET' && path === '/_stand-in/health') return send(res, 200, { ok: true, modelId: served });
    return send(res, 404, { error: `No control endpoint ${method} ${path}` });
  };

  return listenBoth('bedrock', options.port, async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://bedrock').pathname;
    if (path.startsWith('/_stand-in/')) return control(req, res, path);
    const operation = /^\/model\/([^/]+)\/([a-z-]+)$/.exec(path);
    if (req.method === 'POST' && operation?.[2] === 'converse') return converse(req, res, operation[1] as string);
    const what = operation ? `${operation[2]} (POST /model/{modelId}/${operation[2]})` : `${req.method} ${path}`;
    send(
      res,
      404,
      { message: `The local Bedrock stand-in implements only Converse (POST /model/{modelId}/converse), not ${what}.` },
      {
        'x-amzn-errortype': `UnknownOperationException:${ERROR_NAMESPACE}`,
      },
    );
  }).then((server) => ({ ...server, modelId: served }));
}
