/**
 * The Stripe stand-in: an in-process HTTP server that the real `stripe` SDK talks to when it is
 * configured with `{ host: '127.0.0.1', port, protocol: 'http' }`. It implements the calls the
 * shop makes (coupons, products, prices, Checkout Sessions, events) with Stripe's shapes, form
 * encoding, errors, idempotency and headers, serves a hosted payment page at `session.url`, and
 * delivers signed webhooks (`Stripe.webhooks.generateTestHeaderString`) with retries, so the
 * product's code has no path that knows it is not talking to Stripe.
 *
 * State (objects, events, pending deliveries, pending async payments, idempotent responses) lives
 * in memory and, with `stateFile`, in one JSON file written atomically after every change; a
 * restart resumes deliveries and expires sessions whose `expires_at` passed while stopped.
 *
 * Test-only control endpoints (no API key needed, loopback only):
 *   GET    /_stand-in/idle?timeoutMs=  → { idle, pendingDeliveries, pendingAsyncPayments }
 *   GET    /_stand-in/deliveries       → every event with its delivery attempts and state
 *   GET    /_stand-in/faults           → the armed faults
 *   POST   /_stand-in/faults           JSON { method?, pathPrefix, status?, count?, type?, code?, message?, shouldRetry? }
 *   DELETE /_stand-in/faults           → clears them
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { writeFileAtomically } from './atomic-file';
import { idleWaiter } from './idle';
import { BodyTooLargeError, listen, readBody, sendJson, type RunningServer } from './http-server';
import {
  PAGE_ACTIONS,
  pageLanguage,
  readCustomerForm,
  renderMessagePage,
  renderPaymentPage,
  type CustomerInput,
  type PageAction,
  type PageLanguage,
  type PaymentPageModel,
} from './stripe-page';

export interface StripeStandInOptions {
  /** 0 = any free port. */
  readonly port: number;
  /** Callers must send `Authorization: Bearer <secretKey>` (or Basic with it as user); else 401 as Stripe answers. */
  readonly secretKey: string;
  /** `whsec_...`, used to sign every delivery. */
  readonly webhookSecret: string;
  /** Where every event is POSTed. */
  readonly webhookUrl: string;
  /** JSON file holding all state; absent = memory only. */
  readonly stateFile?: string;
  /** Delay between "Pay later" and the async result. @default 3000 */
  readonly asyncPaymentDelayMs?: number;
  /** First retry delay of a failed delivery; doubles each retry. @default 1000 */
  readonly webhookRetryBaseMs?: number;
  /** Attempts per event; then the delivery is marked failed and a warning printed. @default 8 */
  readonly webhookMaxAttempts?: number;
  /** Verbose lines. */
  readonly log: (line: string) => void;
  /** Warnings (failed deliveries). */
  readonly warn: (line: string) => void;
  /**
   * Test-only clock (ms since the epoch) for what Stripe measures in Unix seconds: `created`,
   * `expires_at` and its checks, and session expiry. Retry and async-payment delays and webhook
   * signature timestamps always use the real clock. The launcher never sets it. @default Date.now
   */
  readonly now?: () => number;
}

export interface StripeStandIn extends RunningServer {
  /** Resolves true once no webhook delivery is in flight or waiting to retry and no async payment is pending; false on timeout. */
  whenIdle(timeoutMs?: number): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------
// Constants

const API_VERSION: string = Stripe.API_VERSION;
const MAX_REQUEST_BYTES = 1024 * 1024;
const WEBHOOK_TIMEOUT_MS = 10_000;
const CLOSE_GRACE_MS = 2_000;
const EXPIRY_SWEEP_MS = 1_000;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const STATE_VERSION = 1;

/** Splits a space-separated list (long lists of names read better that way). */
function words(list: string): string[] {
  return list.split(' ');
}

const CURRENCIES = new Set(
  (
    'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf ' +
    'clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils ' +
    'inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk ' +
    'mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp ' +
    'sle sos srd std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw'
  ).split(' '),
);
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
/** Countries Checkout cannot ship to (from the SDK's documentation of `allowed_countries`). */
const UNSUPPORTED_COUNTRIES = new Set('AS CX CC CU HM IR KP MH FM NF MP PW SY UM VI'.split(' '));
const LOCALES = words(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt ' +
    'nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW',
);

/** Every parameter `checkout.sessions.create` accepts in this API version (Checkout.SessionCreateParams). */
const SESSION_CREATE_PARAMS = words(
  'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types ' +
    'automatic_tax billing_address_collection branding_settings cancel_url client_reference_id ' +
    'consent_collection currency custom_fields custom_text customer customer_account ' +
    'customer_creation customer_email customer_update discounts excluded_payment_method_types ' +
    'expand expires_at integration_identifier invoice_creation line_items locale ' +
    'managed_payments metadata mode name_collection optional_items origin_context ' +
    'payment_intent_data payment_method_collection payment_method_configuration ' +
    'payment_method_data payment_method_options permissions phone_number_collection ' +
    'redirect_on_completion return_url saved_payment_method_options setup_intent_data ' +
    'shipping_address_collection shipping_options submit_type subscription_data success_url ' +
    'tax_id_collection ui_mode wallet_options',
);
/** Parameters the stand-in reads; the rest of SESSION_CREATE_PARAMS is accepted and ignored (with a log line). */
const SESSION_PARAMS_MODELLED = new Set(
  words(
    'allow_promotion_codes billing_address_collection cancel_url client_reference_id currency ' +
      'customer customer_creation customer_email discounts expand expires_at ' +
      'integration_identifier line_items locale metadata mode origin_context payment_intent_data ' +
      'phone_number_collection shipping_address_collection shipping_options submit_type ' +
      'success_url ui_mode',
  ),
);

// ---------------------------------------------------------------------------------------------
// Errors in Stripe's shape

interface ErrorDetails {
  readonly code?: string;
  readonly param?: string;
  /** Stripe saves an idempotent result only once execution began; validation errors are not saved. */
  readonly store?: boolean;
  readonly headers?: Record<string, string>;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }

  body(requestId: string, nowSeconds: number): { error: Record<string, string> } {
    const { code, param } = this.details;
    return {
      error: {
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(param ? { param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${nowSeconds}`,
        type: this.type,
      },
    };
  }
}

const invalid = (message: string, param?: string, code?: string): StripeFailure =>
  new StripeFailure(400, 'invalid_request_error', message, { ...(param ? { param } : {}), ...(code ? { code } : {}) });

const missing = (param: string): StripeFailure =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

const noSuch = (object: string, id: string, param?: string): StripeFailure =>
  new StripeFailure(404, 'invalid_request_error', `No such ${object}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

const oneOf = (params: readonly string[]): StripeFailure =>
  invalid(`You may only specify one of these parameters: ${params.join(', ')}.`, params[0]);

function listWithOr(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Form encoding (`a[b][0][c]=1`) into nested nodes, and a reader that checks them like Stripe

type FormValue = string | FormNode;
interface FormNode {
  [key: string]: FormValue;
}

function newNode(): FormNode {
  return Object.create(null) as FormNode;
}

/** Parses Stripe's bracket notation; `a[]=x` appends. Later duplicates win. */
function parseStripeForm(text: string): FormNode {
  const root = newNode();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${rawKey}`);
    const segments = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
    let node = root;
    segments.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created = newNode();
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
}

function describe(value: FormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Typed access to one level of parameters, rejecting names Stripe would not know. */
class Params {
  constructor(
    readonly node: FormNode,
    readonly prefix: string,
    known: readonly string[],
  ) {
    for (const key of Object.keys(node)) {
      if (!known.includes(key)) {
        throw invalid(`Received unknown parameter: ${this.path(key)}`, this.path(key), 'parameter_unknown');
      }
    }
  }

  path(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.node[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.node);
  }

  string(key: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.node[key];
    const param = this.path(key);
    if (value === undefined) {
      if (options.required) throw missing(param);
      return undefined;
    }
    if (typeof value !== 'string') throw invalid(`Invalid string: ${describe(value)}`, param);
    if (value === '' && options.required) {
      throw invalid(
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; ` +
          `however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        param,
        'parameter_invalid_empty',
      );
    }
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalid(
        `Invalid ${param}: must be at most ${options.maxLength} characters`,
        param,
        'parameter_invalid_string_too_long',
      );
    }
    return value;
  }

  /** A string parameter where '' means "unset" (→ null). */
  nullableString(key: string, maxLength?: number): string | null | undefined {
    const value = this.string(key, maxLength === undefined ? {} : { maxLength });
    return value === '' ? null : value;
  }

  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key, { required: options.required ?? false });
    if (value === undefined) return undefined;
    const param = this.path(key);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
    }
    const number = Number(value);
    if (options.min !== undefined && number < options.min) {
      throw invalid(`This value must be greater than or equal to ${options.min}.`, param);
    }
    if (options.max !== undefined && number > options.max) {
      throw invalid(`This value must be less than or equal to ${options.max}.`, param);
    }
    return number;
  }

  decimal(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) throw invalid(`Invalid decimal: ${value}`, this.path(key));
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, this.path(key));
    return value === 'true';
  }

  enumValue<T extends string>(key: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalid(`Invalid ${key}: must be one of ${listWithOr(values)}`, this.path(key));
    }
    return value as T;
  }

  currency(key: string, options: { required?: boolean } = {}): string | undefined {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    const currency = value.toLowerCase();
    if (!CURRENCIES.has(currency)) {
      throw invalid(
        `Invalid currency: ${value}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`,
        this.path(key),
      );
    }
    return currency;
  }

  url(key: string): string | undefined {
    const value = this.string(key, { maxLength: 5000 });
    if (value === undefined || value === '') return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw invalid('Not a valid URL', this.path(key), 'url_invalid');
    }
    return value;
  }

  object(key: string, known: readonly string[]): Params | undefined {
    const value = this.node[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') throw invalid('Invalid hash', this.path(key));
    return new Params(value, this.path(key), known);
  }

  list(key: string): FormValue[] | undefined {
    const value = this.node[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    const keys = typeof value === 'object' ? Object.keys(value) : [];
    if (typeof value === 'string' || !keys.every((index) => /^\d+$/.test(index))) {
      throw invalid('Invalid array', this.path(key));
    }
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => value[String(index)] as FormValue);
  }

  objectList(key: string, known: readonly string[]): Params[] | undefined {
    return this.list(key)?.map((item, index) => {
      const path = `${this.path(key)}[${index}]`;
      if (typeof item === 'string') throw invalid('Invalid hash', path);
      return new Params(item, path, known);
    });
  }

  stringList(key: string): string[] | undefined {
    return this.list(key)?.map((item, index) => {
      if (typeof item !== 'string') throw invalid(`Invalid string: ${describe(item)}`, `${this.path(key)}[${index}]`);
      return item;
    });
  }

  /**
   * Metadata as Stripe treats it: `metadata=` unsets all keys (→ null), `metadata[k]=` unsets
   * one key (→ ''), at most 50 keys of up to 40 characters with values of up to 500.
   */
  metadata(key: string): Record<string, string> | null | undefined {
    const value = this.node[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    const param = this.path(key);
    if (typeof value === 'string') throw invalid('Invalid hash', param);
    const entries = Object.entries(value);
    if (entries.length > 50) {
      throw invalid(`Invalid ${param}: metadata can have up to 50 keys, but ${entries.length} were passed.`, param);
    }
    const result: Record<string, string> = {};
    for (const [name, item] of entries) {
      if (typeof item !== 'string') throw invalid(`Invalid string: ${describe(item)}`, `${param}[${name}]`);
      if (name.length > 40) {
        throw invalid(
          `Metadata keys can have up to 40 characters, but you passed in a key with ${name.length} characters: ${name}`,
          `${param}[${name}]`,
        );
      }
      if (item.length > 500) {
        throw invalid(
          `Metadata values can have up to 500 characters, but you passed in a value that is ${item.length} characters.`,
          `${param}[${name}]`,
        );
      }
      result[name] = item;
    }
    return result;
  }
}

/** `metadata` on create: unset keys are simply not set. */
function createMetadata(value: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, item]) => item !== ''));
}

/** `metadata` on update: merge; '' deletes a key; null clears all. */
function updateMetadata(
  current: Record<string, string>,
  value: Record<string, string> | null | undefined,
): Record<string, string> {
  if (value === undefined) return current;
  if (value === null) return {};
  const result = { ...current };
  for (const [name, item] of Object.entries(value)) {
    if (item === '') delete result[name];
    else result[name] = item;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// State

interface ShippingRateRecord {
  readonly id: string;
  readonly displayName: string;
  readonly amount: number;
  readonly currency: string;
}

interface SessionRecord {
  /** The session without `url` (derived from where the stand-in listens) and `line_items` (expandable). */
  session: Stripe.Checkout.Session;
  readonly lineItems: Stripe.LineItem[];
  readonly shippingRates: ShippingRateRecord[];
  readonly couponId: string | null;
  /** What `payment_intent_data` asked for; kept for completeness (no PaymentIntent API is served). */
  readonly paymentIntentData: {
    readonly metadata: Record<string, string>;
    readonly description: string | null;
    readonly shipping: { readonly name: string; readonly address: Stripe.Address } | null;
  };
}

type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

type SessionEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
  | Stripe.CheckoutSessionAsyncPaymentFailedEvent;

export interface DeliveryAttempt {
  readonly at: string;
  /** HTTP status of the endpoint's answer; null when there was none (refused, timeout). */
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

interface EventRecord {
  readonly event: SessionEvent;
  /** The exact bytes sent (and signed) on every attempt. */
  readonly payload: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  /** Real-clock ms of the next attempt while pending. */
  nextAttemptAt: number | null;
}

interface AsyncPayment {
  readonly sessionId: string;
  readonly outcome: 'succeeded' | 'failed';
  /** Real-clock ms. */
  readonly dueAt: number;
}

interface IdempotentResponse {
  readonly method: string;
  readonly path: string;
  readonly params: string;
  readonly status: number;
  readonly body: string;
  readonly requestId: string;
  /** Real-clock ms. */
  readonly createdAt: number;
}

interface PersistedState {
  readonly version: number;
  readonly coupons: Stripe.Coupon[];
  readonly products: Stripe.Product[];
  readonly prices: Stripe.Price[];
  readonly sessions: SessionRecord[];
  readonly events: EventRecord[];
  readonly asyncPayments: AsyncPayment[];
  readonly idempotency: Array<[string, IdempotentResponse]>;
}

interface Fault {
  readonly method: string;
  readonly pathPrefix: string;
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly message: string;
  readonly shouldRetry: boolean | null;
  remaining: number;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(prefix: string, length: number, alphabet = ALPHANUMERIC): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += alphabet.charAt(byte % alphabet.length);
  return id;
}

/** A path segment as an id; a malformed escape stays as it is (and then matches nothing). */
function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Canonical JSON (sorted keys) to compare the parameters of idempotent requests. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key] as FormValue)}`)
    .join(',')}}`;
}

/** Shares `total` out over `weights` in proportion, the remainder going to the largest shares. */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let rest = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) }));
  order.sort((a, b) => b.fraction - a.fraction);
  for (const { index } of order) {
    if (rest <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    rest -= 1;
  }
  return shares;
}

function formatMinimum(currency: string): string {
  return ZERO_DECIMAL.has(currency) ? `${currency.toUpperCase()} 50` : `${currency.toUpperCase()} 0.50`;
}

function maskKey(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  if (key.length <= prefix.length + 4) return `${prefix}****`;
  return `${prefix}${'*'.repeat(key.length - prefix.length - 4)}${key.slice(-4)}`;
}

interface Ctx {
  readonly params: FormNode;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly path: string;
}

interface ApiResult {
  readonly status: number;
  readonly body: unknown;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly run: (ctx: Ctx, ids: string[]) => ApiResult;
}

// ---------------------------------------------------------------------------------------------

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  if (!options.secretKey) throw new Error('The Stripe stand-in needs a secretKey');
  if (!options.webhookSecret) throw new Error('The Stripe stand-in needs a webhookSecret');
  const webhookUrl = new URL(options.webhookUrl);
  const clock = options.now ?? Date.now;
  const nowSeconds = (): number => Math.floor(clock() / 1000);
  const asyncDelayMs = options.asyncPaymentDelayMs ?? 3_000;
  const retryBaseMs = options.webhookRetryBaseMs ?? 1_000;
  const maxAttempts = Math.max(1, options.webhookMaxAttempts ?? 8);
  const log = (line: string): void => options.log(`[stripe] ${line}`);
  /** Where the stand-in listens; known once it does (session URLs are derived from it). */
  let baseUrl = '';

  // ---- state -------------------------------------------------------------------------------
  const coupons = new Map<string, Stripe.Coupon>();
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const sessions = new Map<string, SessionRecord>();
  const events: EventRecord[] = [];
  const eventsById = new Map<string, EventRecord>();
  let asyncPayments: AsyncPayment[] = [];
  const idempotency = new Map<string, IdempotentResponse>();
  const faults: Fault[] = [];

  if (options.stateFile && existsSync(options.stateFile)) {
    let loaded: PersistedState;
    try {
      loaded = JSON.parse(readFileSync(options.stateFile, 'utf8')) as PersistedState;
    } catch (err) {
      throw new Error(
        `The Stripe stand-in cannot read its state file ${options.stateFile}: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    if (loaded.version !== STATE_VERSION) {
      throw new Error(
        `The Stripe stand-in state file ${options.stateFile} has version ${loaded.version}, expected ${STATE_VERSION}`,
      );
    }
    for (const coupon of loaded.coupons) coupons.set(coupon.id, coupon);
    for (const product of loaded.products) products.set(product.id, product);
    for (const price of loaded.prices) prices.set(price.id, price);
    for (const record of loaded.sessions) sessions.set(record.session.id, record);
    for (const record of loaded.events) {
      events.push(record);
      eventsById.set(record.event.id, record);
    }
    asyncPayments = [...loaded.asyncPayments];
    const oldest = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, response] of loaded.idempotency) if (response.createdAt > oldest) idempotency.set(key, response);
  }

  const serialise = (): PersistedState => ({
    version: STATE_VERSION,
    coupons: [...coupons.values()],
    products: [...products.values()],
    prices: [...prices.values()],
    sessions: [...sessions.values()],
    events,
    asyncPayments,
    idempotency: [...idempotency.entries()],
  });

  let dirty = false;
  /** Writes the state file atomically (temp file, then rename) if anything changed. */
  const flush = (): void => {
    if (!dirty || !options.stateFile) {
      dirty = false;
      return;
    }
    dirty = false;
    const file = options.stateFile;
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomically(file, JSON.stringify(serialise()), { mode: 0o600 });
  };
  const touch = (): void => {
    if (dirty) return;
    dirty = true;
    queueMicrotask(flush);
  };

  // ---- idle tracking -------------------------------------------------------------------------
  const inFlight = new Map<string, AbortController>();
  const deliveryTimers = new Map<string, NodeJS.Timeout>();
  const asyncTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;

  const pendingDeliveries = (): number => events.filter((record) => record.state === 'pending').length;
  const isIdle = (): boolean => inFlight.size === 0 && asyncPayments.length === 0 && pendingDeliveries() === 0;
  const idle = idleWaiter(isIdle);
  const checkIdle = idle.check;
  const whenIdle = idle.whenIdle;

  // ---- webhooks ------------------------------------------------------------------------------
  const post = (body: string, signature: string, signal: AbortSignal): Promise<number> =>
    new Promise((resolvePost, rejectPost) => {
      const send = webhookUrl.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        webhookUrl,
        {
          method: 'POST',
          agent: false,
          signal,
          timeout: WEBHOOK_TIMEOUT_MS,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            accept: '*/*; q=0.5, application/xml',
            'cache-control': 'no-cache',
            'stripe-signature': signature,
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolvePost(res.statusCode ?? 0));
          res.once('error', rejectPost);
        },
      );
      req.once('timeout', () => req.destroy(new Error(`no response within ${WEBHOOK_TIMEOUT_MS} ms`)));
      req.once('error', rejectPost);
      req.end(body);
    });

  const scheduleDelivery = (record: EventRecord, delayMs: number): void => {
    if (closing) return;
    const id = record.event.id;
    clearTimeout(deliveryTimers.get(id));
    deliveryTimers.set(
      id,
      setTimeout(
        () => {
          deliveryTimers.delete(id);
          void attemptDelivery(record);
        },
        Math.max(0, delayMs),
      ),
    );
  };

  const attemptDelivery = async (record: EventRecord): Promise<void> => {
    const { id, type } = record.event;
    if (closing || record.state !== 'pending' || inFlight.has(id)) return;
    const controller = new AbortController();
    inFlight.set(id, controller);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: record.payload,
      secret: options.webhookSecret,
    });
    const startedAt = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await post(record.payload, signature, controller.signal);
    } catch (err) {
      error = (err as Error).message;
    } finally {
      inFlight.delete(id);
    }
    if (controller.signal.aborted) {
      // Cut off by close(): not an attempt; the next start delivers it.
      checkIdle();
      return;
    }
    record.attempts.push({ at: new Date(startedAt).toISOString(), status, error, durationMs: Date.now() - startedAt });
    const attempts = record.attempts.length;
    const outcome = status === null ? error : `HTTP ${status}`;
    if (status !== null && status >= 200 && status < 300) {
      record.state = 'delivered';
      record.nextAttemptAt = null;
      log(`${type} ${id} delivered (${outcome}, attempt ${attempts})`);
    } else if (attempts >= maxAttempts) {
      record.state = 'failed';
      record.nextAttemptAt = null;
      options.warn(
        `[stripe] WEBHOOK FAILED: ${type} ${id} could not be delivered to ${webhookUrl.href} after ${attempts} attempt(s); ` +
          `last answer: ${outcome}. See GET /_stand-in/deliveries; GET /v1/events/${id} returns the event for a manual re-delivery.`,
      );
    } else {
      const delay = retryBaseMs * 2 ** (attempts - 1);
      record.nextAttemptAt = Date.now() + delay;
      log(`${type} ${id} not delivered (${outcome}); attempt ${attempts + 1}/${maxAttempts} in ${delay} ms`);
      scheduleDelivery(record, delay);
    }
    touch();
    checkIdle();
  };

  const sessionView = (record: SessionRecord, expandLineItems = false): Stripe.Checkout.Session => ({
    ...clone(record.session),
    url: record.session.status === 'open' ? `${baseUrl}/c/pay/${record.session.id}` : null,
    ...(expandLineItems ? { line_items: lineItemList(record, record.lineItems, false) } : {}),
  });

  const emit = (type: SessionEventType, record: SessionRecord, request: Stripe.Event.Request | null): void => {
    const event = {
      id: randomId('evt_', 24),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: sessionView(record) },
      livemode: false,
      pending_webhooks: 1,
      request: request ?? { id: null, idempotency_key: null },
      type,
    } as SessionEvent;
    const eventRecord: EventRecord = {
      event,
      payload: JSON.stringify(event, null, 2),
      state: 'pending',
      attempts: [],
      nextAttemptAt: Date.now(),
    };
    events.push(eventRecord);
    eventsById.set(event.id, eventRecord);
    log(`${type} ${event.id} for ${record.session.id}`);
    touch();
    // After the current request has been answered, as Stripe does.
    scheduleDelivery(eventRecord, 0);
  };

  // ---- sessions: expiry and async payments --------------------------------------------------
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

  const settleAsync = (payment: AsyncPayment): void => {
    asyncTimers.delete(payment.sessionId);
    asyncPayments = asyncPayments.filter((pending) => pending !== payment);
    const record = sessions.get(payment.sessionId);
    if (record && record.session.status === 'complete' && record.session.payment_status === 'unpaid') {
      if (payment.outcome === 'succeeded') {
        record.session.payment_status = 'paid';
        emit('checkout.session.async_payment_succeeded', record, null);
      } else {
        emit('checkout.session.async_payment_failed', record, null);
      }
    }
    touch();
    checkIdle();
  };

  const scheduleAsync = (payment: AsyncPayment): void => {
    if (closing) return;
    asyncTimers.set(
      payment.sessionId,
      setTimeout(() => settleAsync(payment), Math.max(0, payment.dueAt - Date.now())),
    );
  };

  // ---- lists ---------------------------------------------------------------------------------
  const paginate = <T extends { id: string }>(
    items: readonly T[],
    params: Params,
    url: string,
    objectName: string,
  ): Stripe.ApiList<T> => {
    const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
    const after = params.string('starting_after');
    const before = params.string('ending_before');
    if (after !== undefined && before !== undefined) throw oneOf(['ending_before', 'starting_after']);
    let data: T[];
    let hasMore: boolean;
    if (before !== undefined) {
      const index = items.findIndex((item) => item.id === before);
      if (index < 0) throw noSuch(objectName, before, 'ending_before');
      const start = Math.max(0, index - limit);
      data = items.slice(start, index);
      hasMore = start > 0;
    } else {
      let start = 0;
      if (after !== undefined) {
        const index = items.findIndex((item) => item.id === after);
        if (index < 0) throw noSuch(objectName, after, 'starting_after');
        start = index + 1;
      }
      data = items.slice(start, start + limit);
      hasMore = start + limit < items.length;
    }
    return { object: 'list', data, has_more: hasMore, url };
  };

  const lineItemList = (
    record: SessionRecord,
    items: readonly Stripe.LineItem[],
    hasMore: boolean,
  ): Stripe.ApiList<Stripe.LineItem> => ({
    object: 'list',
    data: clone([...items]),
    has_more: hasMore,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  });

  const expandList = (params: Params, allowed: readonly string[]): Set<string> => {
    const requested = params.stringList('expand') ?? [];
    for (const path of requested) {
      if (!allowed.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    }
    return new Set(requested);
  };

  const createdFilter = (params: Params): ((created: number) => boolean) => {
    const value = params.node.created;
    if (value === undefined) return () => true;
    if (typeof value === 'string') {
      const exact = params.integer('created');
      return (created) => created === exact;
    }
    const range = params.object('created', ['gt', 'gte', 'lt', 'lte']);
    const gt = range?.integer('gt');
    const gte = range?.integer('gte');
    const lt = range?.integer('lt');
    const lte = range?.integer('lte');
    return (created) =>
      (gt === undefined || created > gt) &&
      (gte === undefined || created >= gte) &&
      (lt === undefined || created < lt) &&
      (lte === undefined || created <= lte);
  };

  // ---- coupons -------------------------------------------------------------------------------
  const couponValid = (coupon: Stripe.Coupon): boolean =>
    (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions) &&
    (coupon.redeem_by === null || coupon.redeem_by > nowSeconds());

  const couponView = (coupon: Stripe.Coupon): Stripe.Coupon => ({ ...clone(coupon), valid: couponValid(coupon) });

  const createCoupon = (ctx: Ctx): ApiResult => {
    const p = new Params(
      ctx.params,
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

  const getCoupon = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    expandList(new Params(ctx.params, '', ['expand']), []);
    const coupon = coupons.get(id);
    if (!coupon) throw noSuch('coupon', id, 'id');
    return { status: 200, body: couponView(coupon) };
  };

  // ---- products and prices ----------------------------------------------------------------------
  const PRODUCT_FIELDS = words(
    'active description expand images marketing_features metadata name package_dimensions ' +
      'shippable statement_descriptor tax_code tax_details unit_label url',
  );

  const readImages = (p: Params): string[] | undefined => {
    const images = p.stringList('images');
    if (images && images.length > 8) throw invalid('Invalid images: must contain at most 8 URLs.', 'images');
    return images;
  };

  const createPrice = (
    productId: string,
    currency: string,
    unitAmount: number,
    unitAmountDecimal: string,
    taxBehavior: Stripe.Price.TaxBehavior | null,
    active: boolean,
  ): Stripe.Price => {
    const price: Stripe.Price = {
      id: randomId('price_', 24),
      object: 'price',
      active,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
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
    prices.set(price.id, price);
    return price;
  };

  const createProduct = (ctx: Ctx): ApiResult => {
    const p = new Params(ctx.params, '', [...PRODUCT_FIELDS, 'default_price_data', 'id', 'type']);
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

  const getProduct = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    expandList(new Params(ctx.params, '', ['expand']), []);
    const product = products.get(id);
    if (!product) throw noSuch('product', id, 'id');
    return { status: 200, body: clone(product) };
  };

  const updateProduct = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    const p = new Params(ctx.params, '', [...PRODUCT_FIELDS, 'default_price']);
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

  const getPrice = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    expandList(new Params(ctx.params, '', ['expand']), []);
    const price = prices.get(id);
    if (!price) throw noSuch('price', id, 'price');
    return { status: 200, body: clone(price) };
  };

  // ---- checkout sessions -------------------------------------------------------------------
  interface LineSpec {
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

  const readLineItem = (li: Params, mode: string): LineSpec => {
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
  };

  const createSession = (ctx: Ctx): ApiResult => {
    const p = new Params(ctx.params, '', SESSION_CREATE_PARAMS);
    const expand = expandList(p, ['line_items']);
    const mode = p.enumValue('mode', ['payment', 'setup', 'subscription'] as const);
    if (mode === undefined) throw missing('mode');
    if (mode !== 'payment') {
      throw invalid(`The Stripe stand-in implements mode=payment only, not mode=${mode}.`, 'mode');
    }
    const uiMode =
      p.enumValue('ui_mode', ['elements', 'embedded_page', 'form', 'hosted_page'] as const) ?? 'hosted_page';
    if (uiMode !== 'hosted_page') {
      throw invalid(`The Stripe stand-in implements ui_mode=hosted_page only, not ui_mode=${uiMode}.`, 'ui_mode');
    }
    const successUrl = p.url('success_url') ?? null;
    const cancelUrl = p.url('cancel_url') ?? null;
    const customerId = p.string('customer');
    if (customerId) throw noSuch('customer', customerId, 'customer');
    const customerEmail = p.nullableString('customer_email', 800) ?? null;
    if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
      throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
    }
    const clientReferenceId = p.nullableString('client_reference_id', 200) ?? null;
    const locale = p.enumValue('locale', LOCALES) ?? null;
    const metadata = createMetadata(p.metadata('metadata'));
    const createdAt = nowSeconds();
    const expiresAt = p.integer('expires_at') ?? createdAt + MAX_EXPIRY_SECONDS;
    if (expiresAt - createdAt < MIN_EXPIRY_SECONDS) {
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt - createdAt > MAX_EXPIRY_SECONDS) {
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }

    // Line items: validate everything first; create prices and products only once all is valid.
    const lineParams = p.objectList(
      'line_items',
      words('adjustable_quantity metadata price price_data quantity tax_rates'),
    );
    if (!lineParams || lineParams.length === 0) throw missing('line_items');
    if (lineParams.length > 100) {
      throw invalid(
        'Invalid line_items: a Checkout Session in payment mode takes at most 100 line items.',
        'line_items',
      );
    }
    const specs = lineParams.map((li) => readLineItem(li, mode));
    const currency = p.currency('currency') ?? specs[0]?.currency ?? 'usd';
    specs.forEach((spec, index) => {
      if (spec.currency !== currency) {
        throw invalid(
          `All line items must use the same currency: line_items[${index}] is in ${spec.currency}, the Checkout Session in ${currency}.`,
          `line_items[${index}]`,
        );
      }
    });

    // Discounts.
    const allowPromotionCodes = p.boolean('allow_promotion_codes') ?? null;
    const discountParams = p.objectList('discounts', ['coupon', 'promotion_code']) ?? [];
    if (discountParams.length > 0 && allowPromotionCodes) throw oneOf(['allow_promotion_codes', 'discounts']);
    if (discountParams.length > 1) {
      throw invalid('You may only specify one discount per Checkout Session.', 'discounts');
    }
    let coupon: Stripe.Coupon | undefined;
    const discount = discountParams[0];
    if (discount) {
      const couponId = discount.string('coupon');
      const promotionCode = discount.string('promotion_code');
      if (couponId !== undefined && promotionCode !== undefined) {
        throw oneOf([discount.path('coupon'), discount.path('promotion_code')]);
      }
      if (promotionCode !== undefined) throw noSuch('promotion code', promotionCode, discount.path('promotion_code'));
      if (couponId === undefined) throw missing(discount.path('coupon'));
      coupon = coupons.get(couponId);
      if (!coupon) throw noSuch('coupon', couponId, discount.path('coupon'));
      if (!couponValid(coupon)) throw invalid(`This coupon is no longer valid: ${couponId}`, discount.path('coupon'));
      if (coupon.currency !== null && coupon.currency !== currency) {
        throw invalid(
          `The coupon ${couponId} is in ${coupon.currency}, but the Checkout Session is in ${currency}.`,
          discount.path('coupon'),
        );
      }
    }

    // Shipping.
    const shippingRates: ShippingRateRecord[] = [];
    const shippingParams = p.objectList('shipping_options', ['shipping_rate', 'shipping_rate_data']) ?? [];
    if (shippingParams.length > 5) {
      throw invalid('Invalid shipping_options: at most 5 shipping options are allowed.', 'shipping_options');
    }
    for (const option of shippingParams) {
      const rateId = option.string('shipping_rate');
      if (rateId !== undefined) throw noSuch('shipping rate', rateId, option.path('shipping_rate'));
      const data = option.object(
        'shipping_rate_data',
        words('delivery_estimate display_name fixed_amount metadata tax_behavior tax_code type'),
      );
      if (!data) throw missing(option.path('shipping_rate_data'));
      data.enumValue('type', ['fixed_amount'] as const);
      const displayName = data.string('display_name', { required: true, maxLength: 100 }) as string;
      const fixed = data.object('fixed_amount', ['amount', 'currency', 'currency_options']);
      if (!fixed) throw missing(data.path('fixed_amount'));
      const amount = fixed.integer('amount', { required: true, min: 0 }) as number;
      const rateCurrency = fixed.currency('currency', { required: true }) as string;
      if (rateCurrency !== currency) {
        throw invalid(
          `The shipping rate's currency (${rateCurrency}) must match the Checkout Session's currency (${currency}).`,
          fixed.path('currency'),
        );
      }
      shippingRates.push({ id: randomId('shr_', 24), displayName, amount, currency: rateCurrency });
    }
    const addressCollection = p.object('shipping_address_collection', ['allowed_countries']);
    let allowedCountries: string[] | null = null;
    if (addressCollection) {
      const countries = addressCollection.stringList('allowed_countries');
      if (!countries || countries.length === 0) throw missing(addressCollection.path('allowed_countries'));
      countries.forEach((country, index) => {
        if (!/^[A-Z]{2}$/.test(country) || UNSUPPORTED_COUNTRIES.has(country)) {
          throw invalid(
            `Invalid ${addressCollection.path('allowed_countries')}[${index}]: ${country} is not a supported country code.`,
            `${addressCollection.path('allowed_countries')}[${index}]`,
          );
        }
      });
      allowedCountries = countries;
    }
    const paymentIntentData = p.object(
      'payment_intent_data',
      words(
        'application_fee_amount capture_method description metadata on_behalf_of receipt_email ' +
          'setup_future_usage shipping statement_descriptor statement_descriptor_suffix transfer_data ' +
          'transfer_group',
      ),
    );
    const piMetadata = createMetadata(paymentIntentData?.metadata('metadata'));
    const piDescription = paymentIntentData?.nullableString('description', 1000) ?? null;
    // Where the goods go, when the merchant knows it already: Stripe wants the name and an address with its first line.
    const piShippingParams = paymentIntentData?.object('shipping', words('address carrier name phone tracking_number'));
    const piShippingAddress = piShippingParams?.object('address', words('city country line1 line2 postal_code state'));
    if (piShippingParams && !piShippingAddress) throw missing(piShippingParams.path('address'));
    const piShipping = piShippingParams
      ? {
          name: piShippingParams.string('name', { required: true }) as string,
          address: {
            line1: piShippingAddress?.string('line1', { required: true }) as string,
            line2: piShippingAddress?.nullableString('line2') ?? null,
            postal_code: piShippingAddress?.nullableString('postal_code') ?? null,
            city: piShippingAddress?.nullableString('city') ?? null,
            state: piShippingAddress?.nullableString('state') ?? null,
            country: piShippingAddress?.nullableString('country') ?? null,
          },
        }
      : null;
    const phoneCollection = p.object('phone_number_collection', ['enabled']);
    const phoneEnabled = phoneCollection?.boolean('enabled') ?? false;
    const submitType = p.enumValue('submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const) ?? null;
    const billingAddressCollection = p.enumValue('billing_address_collection', ['auto', 'required'] as const) ?? null;
    const customerCreation = p.enumValue('customer_creation', ['always', 'if_required'] as const) ?? 'if_required';
    const integrationIdentifier = p.nullableString('integration_identifier', 200) ?? null;
    const originContext = p.enumValue('origin_context', ['mobile_app', 'web'] as const) ?? null;
    for (const key of p.keys()) {
      if (!SESSION_PARAMS_MODELLED.has(key)) log(`checkout session: ${key} accepted but not modelled`);
    }

    // Amounts.
    const lineSubtotals = specs.map((spec) => spec.unitAmount * spec.quantity);
    const subtotal = lineSubtotals.reduce((sum, amount) => sum + amount, 0);
    const discountAmount = !coupon
      ? 0
      : coupon.amount_off !== null
        ? Math.min(coupon.amount_off, subtotal)
        : Math.round((subtotal * (coupon.percent_off ?? 0)) / 100);
    const lineDiscounts = allocate(discountAmount, lineSubtotals);
    const shipping = shippingRates[0];
    const shippingAmount = shipping?.amount ?? 0;
    const total = subtotal - discountAmount + shippingAmount;
    if (total > 0 && total < 50) {
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${formatMinimum(currency)}`,
        'line_items',
      );
    }

    // Commit: products and prices for the line items, then the session.
    const lineItems: Stripe.LineItem[] = specs.map((spec, index) => {
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

    const id = randomId('cs_test_', 58);
    const session: Stripe.Checkout.Session = {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: allowPromotionCodes,
      allowed_payment_method_types: null,
      amount_subtotal: subtotal,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: billingAddressCollection,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: createdAt,
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: null,
      customer_account: null,
      customer_creation: customerCreation,
      customer_details: null,
      customer_email: customerEmail,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt,
      integration_identifier: integrationIdentifier,
      invoice: null,
      invoice_creation: {
        enabled: false,
        invoice_data: {
          account_tax_ids: null,
          custom_fields: null,
          description: null,
          footer: null,
          issuer: null,
          metadata: {},
          rendering_options: null,
        },
      },
      livemode: false,
      locale,
      managed_payments: null,
      metadata,
      mode,
      origin_context: originContext,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      phone_number_collection: { enabled: phoneEnabled },
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: allowedCountries ? { allowed_countries: allowedCountries } : null,
      shipping_cost: shipping
        ? { amount_subtotal: shipping.amount, amount_tax: 0, amount_total: shipping.amount, shipping_rate: shipping.id }
        : null,
      shipping_options: shippingRates.map((rate) => ({ shipping_amount: rate.amount, shipping_rate: rate.id })),
      status: 'open',
      submit_type: submitType,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: discountAmount, amount_shipping: shippingAmount, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: null,
      wallet_options: null,
    };
    const record: SessionRecord = {
      session,
      lineItems,
      shippingRates,
      couponId: coupon?.id ?? null,
      paymentIntentData: { metadata: piMetadata, description: piDescription, shipping: piShipping },
    };
    sessions.set(id, record);
    touch();
    log(`${id} created: ${currency.toUpperCase()} ${total} (${lineItems.length} line item(s))`);
    return { status: 200, body: sessionView(record, expand.has('line_items')) };
  };

  const sessionOr404 = (id: string): SessionRecord => {
    const record = sessions.get(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record;
  };

  const getSession = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    const expand = expandList(new Params(ctx.params, '', ['expand']), ['line_items']);
    return { status: 200, body: sessionView(sessionOr404(id), expand.has('line_items')) };
  };

  const listSessions = (ctx: Ctx): ApiResult => {
    const p = new Params(
      ctx.params,
      '',
      words(
        'created customer customer_account customer_details ending_before expand limit ' +
          'payment_intent payment_link starting_after status subscription',
      ),
    );
    const expand = expandList(p, ['data.line_items']);
    const status = p.enumValue('status', ['complete', 'expired', 'open'] as const);
    const paymentIntent = p.string('payment_intent');
    const email = p.object('customer_details', ['email'])?.string('email', { required: true });
    const created = createdFilter(p);
    const unmatched = ['customer', 'customer_account', 'payment_link', 'subscription'].some((key) => p.has(key));
    const matching = [...sessions.values()]
      .reverse()
      .filter(
        ({ session }) =>
          !unmatched &&
          (status === undefined || session.status === status) &&
          (paymentIntent === undefined || session.payment_intent === paymentIntent) &&
          (email === undefined || session.customer_details?.email === email) &&
          created(session.created),
      )
      .map((record) => sessionView(record, expand.has('data.line_items')));
    return { status: 200, body: paginate(matching, p, '/v1/checkout/sessions', 'checkout.session') };
  };

  const listSessionLineItems = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    const p = new Params(ctx.params, '', ['ending_before', 'expand', 'limit', 'starting_after']);
    expandList(p, []);
    const record = sessionOr404(id);
    const page = paginate(record.lineItems, p, `/v1/checkout/sessions/${id}/line_items`, 'item');
    return { status: 200, body: lineItemList(record, page.data, page.has_more) };
  };

  const expireSessionRoute = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    const expand = expandList(new Params(ctx.params, '', ['expand']), ['line_items']);
    const record = sessionOr404(id);
    if (record.session.status !== 'open') {
      throw new StripeFailure(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
        { store: true },
      );
    }
    expire(record, { id: ctx.requestId, idempotency_key: ctx.idempotencyKey });
    return { status: 200, body: sessionView(record, expand.has('line_items')) };
  };

  // ---- events --------------------------------------------------------------------------------
  const eventView = (record: EventRecord): SessionEvent => ({
    ...clone(record.event),
    pending_webhooks: record.state === 'delivered' ? 0 : 1,
  });

  const getEvent = (ctx: Ctx, [id = '']: string[]): ApiResult => {
    expandList(new Params(ctx.params, '', ['expand']), []);
    const record = eventsById.get(id);
    if (!record) throw noSuch('event', id, 'id');
    return { status: 200, body: eventView(record) };
  };

  const listEvents = (ctx: Ctx): ApiResult => {
    const p = new Params(
      ctx.params,
      '',
      words('created delivery_success ending_before expand limit starting_after type types'),
    );
    expandList(p, []);
    const type = p.string('type');
    const types = p.stringList('types');
    if (type !== undefined && types !== undefined) throw oneOf(['type', 'types']);
    if (types && types.length > 20) throw invalid('Invalid types: at most 20 event types are allowed.', 'types');
    const patterns = (types ?? (type !== undefined ? [type] : [])).map(
      (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
    );
    const deliverySuccess = p.boolean('delivery_success');
    const created = createdFilter(p);
    const matching = [...events]
      .reverse()
      .filter(
        (record) =>
          (patterns.length === 0 || patterns.some((pattern) => pattern.test(record.event.type))) &&
          (deliverySuccess === undefined || (record.state === 'delivered') === deliverySuccess) &&
          created(record.event.created),
      )
      .map(eventView);
    return { status: 200, body: paginate(matching, p, '/v1/events', 'event') };
  };

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/coupons$/, run: createCoupon },
    { method: 'GET', pattern: /^\/v1\/coupons\/([^/]+)$/, run: getCoupon },
    { method: 'POST', pattern: /^\/v1\/products$/, run: createProduct },
    { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, run: getProduct },
    { method: 'POST', pattern: /^\/v1\/products\/([^/]+)$/, run: updateProduct },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, run: getPrice },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, run: createSession },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions$/, run: listSessions },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, run: getSession },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, run: listSessionLineItems },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, run: expireSessionRoute },
    { method: 'GET', pattern: /^\/v1\/events$/, run: listEvents },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, run: getEvent },
  ];

  // ---- the API ------------------------------------------------------------------------------
  const authenticate = (req: IncomingMessage): void => {
    const header = req.headers.authorization ?? '';
    let key: string | undefined;
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    const basic = /^Basic\s+(.+)$/i.exec(header);
    if (bearer) key = bearer[1]?.trim();
    else if (basic)
      key = Buffer.from(basic[1] ?? '', 'base64')
        .toString('utf8')
        .split(':')[0];
    if (!key) {
      throw new StripeFailure(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). " +
          'See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.',
        { headers: { 'www-authenticate': 'Basic realm="Stripe"' } },
      );
    }
    if (key !== options.secretKey) {
      throw new StripeFailure(401, 'invalid_request_error', `Invalid API Key provided: ${maskKey(key)}`, {
        code: 'api_key_invalid',
        headers: { 'www-authenticate': 'Basic realm="Stripe"' },
      });
    }
  };

  const warnedVersions = new Set<string>();

  const takeFault = (method: string, path: string): Fault | undefined => {
    const fault = faults.find(
      (candidate) => (candidate.method === '*' || candidate.method === method) && path.startsWith(candidate.pathPrefix),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const requestId = randomId('req_', 14);
    const idempotencyHeader = req.headers['idempotency-key'];
    const idempotencyKey =
      method === 'POST' && typeof idempotencyHeader === 'string' && idempotencyHeader ? idempotencyHeader : null;
    const stripeVersion = req.headers['stripe-version'];
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': typeof stripeVersion === 'string' && stripeVersion ? stripeVersion : API_VERSION,
      'cache-control': 'no-cache, no-store',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
      flush();
      log(`${method} ${url.pathname} → ${status} (${requestId})`);
      sendJson(res, status, body, { ...headers, ...extra });
    };

    const fault = takeFault(method, url.pathname);
    if (fault) {
      // Drain the body so the client reads the answer rather than a reset.
      await readBody(req, MAX_REQUEST_BYTES).catch(() => undefined);
      const failure = new StripeFailure(
        fault.status,
        fault.type,
        fault.message,
        fault.code ? { code: fault.code } : {},
      );
      return reply(fault.status, failure.body(requestId, nowSeconds()), {
        ...(fault.shouldRetry === null ? {} : { 'stripe-should-retry': String(fault.shouldRetry) }),
      });
    }

    let stored: { record: IdempotentResponse; key: string } | undefined;
    try {
      // The whole body first, so that an early answer (a 401) does not cut off the upload.
      const raw = method === 'POST' ? (await readBody(req, MAX_REQUEST_BYTES)).toString('utf8') : '';
      authenticate(req);
      if (typeof stripeVersion === 'string' && stripeVersion && stripeVersion !== API_VERSION) {
        if (!warnedVersions.has(stripeVersion)) {
          warnedVersions.add(stripeVersion);
          options.warn(
            `[stripe] a request asked for API version ${stripeVersion}; the stand-in answers in ${API_VERSION} shapes only`,
          );
        }
      }
      if (method === 'POST') {
        const contentType = String(req.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (raw && contentType !== 'application/x-www-form-urlencoded') {
          throw invalid(
            `Invalid request: unsupported Content-Type ${contentType || '(none)'}. ` +
              'If error persists and you need assistance, please contact support@stripe.com.',
          );
        }
      }
      const params = parseStripeForm(method === 'POST' ? raw : url.search.slice(1));
      let ids: string[] = [];
      const route = routes.find((candidate) => {
        if (candidate.method !== method) return false;
        const match = candidate.pattern.exec(url.pathname);
        if (!match) return false;
        ids = match.slice(1).map(decodePathPart);
        return true;
      });
      if (!route) {
        throw new StripeFailure(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }

      if (idempotencyKey) {
        if (idempotencyKey.length > 255) {
          throw invalid('Idempotency keys can be at most 255 characters long.', undefined, 'idempotency_key_too_long');
        }
        const fingerprint = canonical(params);
        const previous = idempotency.get(idempotencyKey);
        if (previous && previous.createdAt > Date.now() - IDEMPOTENCY_TTL_MS) {
          if (previous.method !== method || previous.path !== url.pathname) {
            throw new StripeFailure(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ` +
                `('${previous.method} ${previous.path}' vs '${method} ${url.pathname}'). ` +
                `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          if (previous.params !== fingerprint) {
            throw new StripeFailure(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. ` +
                `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          log(`${method} ${url.pathname} replayed for idempotency key ${idempotencyKey}`);
          res.writeHead(previous.status, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(previous.body)),
            ...headers,
            'idempotent-replayed': 'true',
            'original-request': previous.requestId,
          });
          res.end(previous.body);
          return;
        }
        stored = {
          key: idempotencyKey,
          record: {
            method,
            path: url.pathname,
            params: fingerprint,
            status: 0,
            body: '',
            requestId,
            createdAt: Date.now(),
          },
        };
      }

      sweepExpired();
      const result = route.run({ params, requestId, idempotencyKey, path: url.pathname }, ids);
      if (stored) {
        idempotency.set(stored.key, { ...stored.record, status: result.status, body: JSON.stringify(result.body) });
        touch();
      }
      return reply(result.status, result.body);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return reply(
          413,
          invalid(`Request body is larger than ${err.limitBytes} bytes.`).body(requestId, nowSeconds()),
        );
      }
      let failure: StripeFailure;
      if (err instanceof StripeFailure) {
        failure = err;
      } else {
        options.warn(
          `[stripe] ${method} ${url.pathname} failed inside the stand-in: ${(err as Error).stack ?? String(err)}`,
        );
        failure = new StripeFailure(500, 'api_error', 'An unexpected error occurred inside the Stripe stand-in.');
      }
      const body = failure.body(requestId, nowSeconds());
      if (stored && failure.details.store) {
        idempotency.set(stored.key, { ...stored.record, status: failure.status, body: JSON.stringify(body) });
        touch();
      }
      return reply(failure.status, body, failure.details.headers ?? {});
    }
  };

  // ---- the hosted payment page --------------------------------------------------------------
  const sendHtml = (res: ServerResponse, status: number, html: string, method: string): void => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(html)),
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    res.end(method === 'HEAD' ? undefined : html);
  };

  const redirect = (res: ServerResponse, location: string): void => {
    res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0' });
    res.end();
  };

  const pageModel = (
    record: SessionRecord,
    language: PageLanguage,
    state: Pick<PaymentPageModel, 'values' | 'errors' | 'declined'>,
  ): PaymentPageModel => {
    const { session } = record;
    const coupon = record.couponId ? coupons.get(record.couponId) : undefined;
    const shipping = record.shippingRates[0];
    const discount = session.total_details?.amount_discount ?? 0;
    return {
      language,
      sessionId: session.id,
      currency: session.currency ?? 'chf',
      lineItems: record.lineItems.map((item) => ({
        name: item.description ?? '',
        description: products.get(String(item.price?.product ?? ''))?.description ?? null,
        quantity: item.quantity ?? 1,
        amount: item.amount_subtotal,
      })),
      subtotal: session.amount_subtotal ?? 0,
      discount: discount > 0 ? { label: coupon?.name ?? coupon?.id ?? null, amount: discount } : null,
      shipping: shipping ? { label: shipping.displayName, amount: shipping.amount } : null,
      total: session.amount_total ?? 0,
      fixedEmail: session.customer_email,
      countries: session.shipping_address_collection?.allowed_countries ?? [],
      canCancel: session.cancel_url !== null,
      ...state,
    };
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
      coupon.valid = couponValid(coupon);
    }
    emit('checkout.session.completed', record, null);
    if (!free && action !== 'pay') {
      const payment: AsyncPayment = {
        sessionId: session.id,
        outcome: action === 'pay_later' ? 'succeeded' : 'failed',
        dueAt: Date.now() + asyncDelayMs,
      };
      asyncPayments.push(payment);
      scheduleAsync(payment);
    }
    touch();
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    const id = match?.[1] ? decodePathPart(match[1]) : '';
    sweepExpired();
    const record = sessions.get(id);
    const language = pageLanguage(record?.session.locale ?? null, req.headers['accept-language']);
    if (!record) return sendHtml(res, 404, renderMessagePage(language, 'not_found'), method);
    const { session } = record;
    const showState = (): void => {
      if (session.status === 'complete') {
        return sendHtml(
          res,
          200,
          renderMessagePage(
            language,
            'complete',
            session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null,
          ),
          method,
        );
      }
      return sendHtml(res, 200, renderMessagePage(language, 'expired', session.cancel_url), method);
    };
    if (method === 'GET' || method === 'HEAD') {
      if (session.status !== 'open') return showState();
      return sendHtml(
        res,
        200,
        renderPaymentPage(pageModel(record, language, { values: {}, errors: {}, declined: false })),
        method,
      );
    }
    if (method !== 'POST') {
      res.writeHead(405, { allow: 'GET, HEAD, POST', 'content-length': '0' });
      res.end();
      return;
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    sweepExpired();
    if (session.status !== 'open') return showState();
    const action = form.get('action') as PageAction | null;
    if (!action || !PAGE_ACTIONS.includes(action)) {
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    if (action === 'cancel') {
      // As on Stripe, leaving through the back link does not end the session.
      if (session.cancel_url) {
        log(`${session.id}: customer cancelled`);
        return redirect(res, session.cancel_url);
      }
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    const countries = session.shipping_address_collection?.allowed_countries ?? [];
    const read = readCustomerForm(form, { fixedEmail: session.customer_email, countries });
    if (!read.input) {
      return sendHtml(
        res,
        422,
        renderPaymentPage(pageModel(record, language, { values: read.values, errors: read.errors, declined: false })),
        method,
      );
    }
    if (action === 'decline') {
      log(`${session.id}: card declined`);
      return sendHtml(
        res,
        402,
        renderPaymentPage(pageModel(record, language, { values: read.values, errors: {}, declined: true })),
        method,
      );
    }
    complete(record, read.input, action);
    flush();
    log(`${session.id}: ${action} → ${session.status}/${session.payment_status}`);
    if (session.success_url) {
      return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    }
    return showState();
  };

  // ---- control endpoints ---------------------------------------------------------------------
  const handleControl = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/_stand-in/idle') {
      const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 30_000);
      const idle = await whenIdle(Number.isFinite(timeoutMs) ? timeoutMs : 30_000);
      return sendJson(res, 200, {
        idle,
        pendingDeliveries: pendingDeliveries(),
        pendingAsyncPayments: asyncPayments.length,
      });
    }
    if (method === 'GET' && url.pathname === '/_stand-in/deliveries') {
      return sendJson(
        res,
        200,
        events.map((record) => ({
          eventId: record.event.id,
          type: record.event.type,
          objectId: record.event.data.object.id,
          created: record.event.created,
          state: record.state,
          attempts: record.attempts,
          nextAttemptAt: record.nextAttemptAt === null ? null : new Date(record.nextAttemptAt).toISOString(),
          event: eventView(record),
        })),
      );
    }
    if (url.pathname === '/_stand-in/faults') {
      if (method === 'GET') return sendJson(res, 200, { faults });
      if (method === 'DELETE') {
        const cleared = faults.splice(0).length;
        return sendJson(res, 200, { cleared });
      }
      if (method === 'POST') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { error: 'Body must be JSON' });
        }
        const pathPrefix = body.pathPrefix;
        const status = body.status ?? 500;
        const count = body.count ?? 1;
        if (typeof pathPrefix !== 'string' || !pathPrefix.startsWith('/')) {
          return sendJson(res, 400, { error: 'pathPrefix must be a path such as /v1/checkout/sessions' });
        }
        if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
          return sendJson(res, 400, { error: 'status must be an HTTP error status (400-599)' });
        }
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
          return sendJson(res, 400, { error: 'count must be a positive integer' });
        }
        const defaultType = status >= 500 ? 'api_error' : status === 402 ? 'card_error' : 'invalid_request_error';
        const fault: Fault = {
          method: typeof body.method === 'string' && body.method ? body.method.toUpperCase() : '*',
          pathPrefix,
          status,
          type: typeof body.type === 'string' ? body.type : defaultType,
          code: typeof body.code === 'string' ? body.code : status === 429 ? 'rate_limit' : null,
          message:
            typeof body.message === 'string'
              ? body.message
              : status === 429
                ? 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests. (Fault injected through /_stand-in/faults.)'
                : 'An error occurred while processing your request. (Fault injected through /_stand-in/faults.)',
          shouldRetry: typeof body.shouldRetry === 'boolean' ? body.shouldRetry : null,
          remaining: count,
        };
        faults.push(fault);
        log(`fault armed: ${fault.method} ${fault.pathPrefix}* → ${fault.status} ×${fault.remaining}`);
        return sendJson(res, 201, { fault, faults });
      }
    }
    if (method === 'GET' && url.pathname === '/_stand-in/health') return sendJson(res, 200, { ok: true });
    return sendJson(res, 404, { error: `No control endpoint ${method} ${url.pathname}` });
  };

  // ---- server ----------------------------------------------------------------------------------
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/_stand-in/')) return handleControl(req, res, url);
    if (url.pathname.startsWith('/c/pay/')) return handlePage(req, res, url);
    return handleApi(req, res, url);
  };

  const server = await listen('stripe', options.port, handle);
  baseUrl = server.url;

  // Resume: deliveries that were pending when the last run stopped go out now; async payments
  // settle when due; sessions whose expires_at passed while stopped expire (with their event).
  for (const record of events) if (record.state === 'pending') scheduleDelivery(record, 0);
  for (const payment of asyncPayments) scheduleAsync(payment);
  sweepExpired();
  flush();
  const sweepTimer = setInterval(() => {
    sweepExpired();
    flush();
  }, EXPIRY_SWEEP_MS);
  sweepTimer.unref();
  log(`listening on ${baseUrl}; webhooks to ${webhookUrl.href}`);

  return {
    url: server.url,
    port: server.port,
    whenIdle,
    /** Stops timers, lets running deliveries finish briefly, and persists what is still pending. */
    close: async () => {
      if (closing) return;
      closing = true;
      clearInterval(sweepTimer);
      for (const timer of deliveryTimers.values()) clearTimeout(timer);
      deliveryTimers.clear();
      for (const timer of asyncTimers.values()) clearTimeout(timer);
      asyncTimers.clear();
      await server.close();
      const deadline = Date.now() + CLOSE_GRACE_MS;
      while (inFlight.size > 0 && Date.now() < deadline) {
        await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      }
      for (const controller of inFlight.values()) controller.abort();
      // Give the aborted requests' handlers a turn to run before the last write.
      await new Promise((resolveWait) => setImmediate(resolveWait));
      dirty = true;
      flush();
    },
  };
}
