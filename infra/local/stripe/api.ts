/**
 * The API (`/v1/...`) as Stripe serves it: the route table, and around every call the armed
 * faults, the API key check, form parsing, idempotency and Stripe's headers and errors.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../http-server';
import { API_VERSION, type Route } from './api-route';
import { authenticate } from './authentication';
import { checkoutSessionApi } from './checkout-sessions';
import type { StandInContext } from './context';
import { couponApi } from './coupons';
import { createSession } from './create-session';
import { invalid, StripeFailure } from './errors';
import { takeFault, type Fault } from './faults';
import { parseStripeForm } from './form';
import { lookUpIdempotent, type PendingResponse } from './idempotency';
import { decodePathPart, randomId } from './ids';
import { priceApi } from './prices';
import { productApi } from './products';
import type { SessionLifecycle } from './session-lifecycle';

const MAX_REQUEST_BYTES = 1024 * 1024;

export interface ApiOptions {
  readonly secretKey: string;
  readonly warn: (line: string) => void;
  /** Writes the state file now: an answer goes out only once what it reports is saved. */
  readonly flush: () => void;
  readonly lifecycle: SessionLifecycle;
  readonly events: { readonly getEvent: Route['run']; readonly listEvents: Route['run'] };
  readonly faults: Fault[];
}

export function apiHandler(standIn: StandInContext, options: ApiOptions) {
  const { store, nowSeconds, log, touch } = standIn;
  const { idempotency } = store;
  const { flush, lifecycle, events, faults } = options;
  const coupons = couponApi(standIn);
  const products = productApi(standIn);
  const prices = priceApi(standIn);
  const sessions = checkoutSessionApi(standIn, lifecycle);

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/coupons$/, run: coupons.createCoupon },
    { method: 'GET', pattern: /^\/v1\/coupons\/([^/]+)$/, run: coupons.getCoupon },
    { method: 'POST', pattern: /^\/v1\/products$/, run: products.createProduct },
    { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, run: products.getProduct },
    { method: 'POST', pattern: /^\/v1\/products\/([^/]+)$/, run: products.updateProduct },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, run: prices.getPrice },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, run: (request) => createSession(standIn, request) },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions$/, run: sessions.listSessions },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, run: sessions.getSession },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, run: sessions.listSessionLineItems },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, run: sessions.expireSession },
    { method: 'GET', pattern: /^\/v1\/events$/, run: events.listEvents },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, run: events.getEvent },
  ];

  const warnedVersions = new Set<string>();

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
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

    const fault = takeFault(faults, method, url.pathname);
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

    let stored: PendingResponse | undefined;
    try {
      // The whole body first, so that an early answer (a 401) does not cut off the upload.
      const raw = method === 'POST' ? (await readBody(req, MAX_REQUEST_BYTES)).toString('utf8') : '';
      authenticate(req, options.secretKey);
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
        const saved = lookUpIdempotent(idempotency, {
          key: idempotencyKey,
          method,
          path: url.pathname,
          params,
          requestId,
        });
        if ('replay' in saved) {
          const previous = saved.replay;
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
        stored = saved.pending;
      }

      lifecycle.sweepExpired();
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
}
