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
import type { IncomingMessage, ServerResponse } from 'node:http';
import { idleWaiter } from '../idle';
import { listen, type RunningServer } from '../http-server';
import { apiHandler } from './api';
import { asyncPayments } from './async-payments';
import type { StandInContext } from './context';
import { controlEndpoints } from './control';
import { eventLog } from './events';
import type { Fault } from './faults';
import { hostedPage } from './hosted-page';
import { restoreState, stateWriter } from './persistence';
import { sessionLifecycle } from './session-lifecycle';
import { createStore, pendingDeliveries } from './state';
import { webhookDelivery } from './webhook-delivery';

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

const CLOSE_GRACE_MS = 2_000;
const EXPIRY_SWEEP_MS = 1_000;

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

  const store = createStore();
  restoreState(store, options.stateFile);
  const writer = stateWriter(store, options.stateFile);
  const { flush, touch } = writer;
  const standIn: StandInContext = { store, nowSeconds, log, touch, baseUrl: '' };
  const faults: Fault[] = [];
  let closing = false;

  const delivery = webhookDelivery({
    webhookUrl,
    webhookSecret: options.webhookSecret,
    retryBaseMs,
    maxAttempts,
    log,
    warn: options.warn,
    touch,
    checkIdle: () => idle.check(),
  });
  const isIdle = (): boolean =>
    delivery.inFlight() === 0 && store.asyncPayments.length === 0 && pendingDeliveries(store) === 0;
  const idle = idleWaiter(isIdle);
  const whenIdle = idle.whenIdle;

  const events = eventLog(standIn, delivery.schedule);
  const payments = asyncPayments(standIn, { delayMs: asyncDelayMs, emit: events.emit, checkIdle: idle.check });
  const lifecycle = sessionLifecycle(standIn, events.emit, payments);
  const handleApi = apiHandler(standIn, {
    secretKey: options.secretKey,
    warn: options.warn,
    flush,
    lifecycle,
    events,
    faults,
  });
  const handlePage = hostedPage(standIn, { lifecycle, flush });
  const handleControl = controlEndpoints(standIn, { faults, whenIdle });
  const { sweepExpired } = lifecycle;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/_stand-in/')) return handleControl(req, res, url);
    if (url.pathname.startsWith('/c/pay/')) return handlePage(req, res, url);
    return handleApi(req, res, url);
  };

  const server = await listen('stripe', options.port, handle);
  standIn.baseUrl = server.url;

  // Resume: deliveries that were pending when the last run stopped go out now; async payments
  // settle when due; sessions whose expires_at passed while stopped expire (with their event).
  for (const record of store.events) if (record.state === 'pending') delivery.schedule(record, 0);
  payments.resume();
  sweepExpired();
  flush();
  const sweepTimer = setInterval(() => {
    sweepExpired();
    flush();
  }, EXPIRY_SWEEP_MS);
  sweepTimer.unref();
  log(`listening on ${standIn.baseUrl}; webhooks to ${webhookUrl.href}`);

  return {
    url: server.url,
    port: server.port,
    whenIdle,
    /** Stops timers, lets running deliveries finish briefly, and persists what is still pending. */
    close: async () => {
      if (closing) return;
      closing = true;
      clearInterval(sweepTimer);
      delivery.stop();
      payments.stop();
      await server.close();
      await delivery.drain(CLOSE_GRACE_MS);
      // Give the aborted requests' handlers a turn to run before the last write.
      await new Promise((resolveWait) => setImmediate(resolveWait));
      writer.writeNow();
    },
  };
}
