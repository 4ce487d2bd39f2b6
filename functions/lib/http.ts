/**
 * The HTTP edge of every handler: finds the route's access in the route table, enforces it,
 * parses and validates input by schema, and maps errors to the one wire shape. The only place
 * that knows status codes.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from '@linea/shared/contracts/zod-mini';
import {
  DomainError,
  ForbiddenError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
  type ApiErrorBody,
  type DomainErrorCode,
  type FieldIssue,
} from '@linea/shared/errors';
import { cacheControlFor, DEFAULT_MAX_BODY_BYTES, findRoute, type RouteKey, type routes } from '../routes';
import { timingSafeEqual } from 'node:crypto';
import { actorFromClaims, type Actor, type JwtClaims } from './auth';
import { ORIGIN_VERIFY_HEADER, originVerifyValue } from './config';
import { isCorrelationId, withCorrelationId } from './correlation';
import { logger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type HttpHandler = (event: HttpEvent, context?: Pick<Context, 'functionName'>) => Promise<HttpResult>;

const STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_SUBSCRIBED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  OUT_OF_STOCK: 409,
  PROMO_INVALID: 404,
  PAYMENT_SESSION_FAILED: 502,
  ASSISTANT_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<DomainErrorCode, number>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { ...JSON_HEADERS, 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function noContent(): HttpResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/** Node's (and undici's) codes for a connection that could not be made or was cut. */
const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether the error says a service behind the shop (DynamoDB above all) could not be reached or
 * failed on its side, after the SDK's own retries: the client should try again, not read it as
 * a bug. The SDK names its connection and request timeouts `TimeoutError`; AWS's own 5xx
 * answers carry `$fault: 'server'`. Causes are followed, as a wrapped SDK error keeps its kind.
 */
export function isServiceUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { name?: unknown; code?: unknown; $fault?: unknown; $metadata?: unknown };
    if (candidate.name === 'TimeoutError') return true;
    if (typeof candidate.code === 'string' && NETWORK_ERROR_CODES.has(candidate.code)) return true;
    if (candidate.$metadata !== undefined && candidate.$fault === 'server') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client should wait before trying again after a 503 SERVICE_UNAVAILABLE. */
const RETRY_AFTER_SECONDS = '5';

export function toErrorResponse(err: unknown): HttpResult {
  if (!(err instanceof DomainError) && isServiceUnavailable(err)) {
    logger.error('a service the shop depends on is unavailable', { err });
    const unavailable = new ServiceUnavailableError({ cause: err });
    const body: ApiErrorBody = { error: unavailable.code, message: unavailable.message };
    return json(STATUS[unavailable.code], body, { 'retry-after': RETRY_AFTER_SECONDS });
  }
  if (err instanceof DomainError) {
    const body: ApiErrorBody = { error: err.code, message: err.message };
    if (err.details) body.details = err.details;
    return json(STATUS[err.code], body);
  }
  logger.error('unhandled error', { err });
  const body: ApiErrorBody = { error: 'INTERNAL', message: 'Internal error' };
  return json(500, body);
}

/** Turns zod's issues into field-named messages a person can act on. */
export function validationError(where: 'body' | 'query' | 'path', error: z.core.$ZodError): ValidationError {
  const fields: FieldIssue[] = error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: path ? `${path}.${key}` : key,
        message: 'Unknown field',
      }));
    }
    return [{ field: path || where, message: issue.message }];
  });
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new ValidationError(`Invalid ${where}: ${summary}`, fields);
}

/**
 * A schema a route parses with: a contract (zod's mini build) or a classic zod schema. Both parse
 * by method, so this module needs no zod of its own at run time, and a route without schemas
 * bundles none.
 */
type Schema = z.core.$ZodType & {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
};

function parseWith<S extends Schema>(schema: S, value: unknown, where: 'body' | 'query' | 'path'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(where, result.error);
  return result.data as z.infer<S>;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Only `application/json` bodies are read. Anything else would be a "simple" cross-site request
 * that browsers send without a CORS preflight, letting any web page post forms to our API.
 */
function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

function header(event: HttpEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A value met while walking a parsed body, and how it was reached. */
interface BodyNode {
  readonly value: unknown;
  readonly parent?: BodyNode;
  /** The key or index under which the parent holds it. */
  readonly segment?: string;
  /** Whether `segment` is an object key, which is text of the client's too. */
  readonly isKey?: boolean;
}

function fieldPath(node: BodyNode): string {
  const segments: string[] = [];
  for (let at: BodyNode | undefined = node; at?.segment !== undefined; at = at.parent) segments.push(at.segment);
  return segments.reverse().join('.');
}

/**
 * The first string (or key) holding ill-formed Unicode, as a field path. JSON may escape a lone
 * surrogate (`"\ud800"`); such text cannot be encoded as UTF-8, so an email or a Stripe call
 * made from it would fail later, after the shopper was told all went well.
 *
 * Walks with a stack of its own, not by recursion: a body of a few kilobytes can nest
 * thousands of levels deep (`[[[[…]]]]`), which overflowed the call stack into a 500.
 */
export function findIllFormedText(value: unknown): string | undefined {
  const pending: BodyNode[] = [{ value }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.isKey && LONE_SURROGATE.test(node.segment ?? '')) return fieldPath(node);
    const current = node.value;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return fieldPath(node) || 'body';
    } else if (Array.isArray(current)) {
      // Pushed last to first, so that the first item is looked at first, as a reader would.
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], parent: node, segment: String(index) });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        pending.push({ value: item, parent: node, segment: key, isKey: true });
      }
    }
  }
  return undefined;
}

function assertWellFormed(value: unknown, where: 'body' | 'query' | 'path'): void {
  const field = findIllFormedText(value);
  if (field !== undefined) {
    throw new ValidationError(`Invalid ${where}: ${field}: Text is not valid Unicode`, [
      { field, message: 'Text is not valid Unicode' },
    ]);
  }
}

/**
 * The request's correlation id: the caller's `x-correlation-id` when it is a well-formed id (a
 * service of ours calling another, or support replaying a request), else API Gateway's request
 * id, which is also in the API's access log.
 */
export function correlationIdOf(event: HttpEvent): string {
  const sent = header(event, 'x-correlation-id');
  if (isCorrelationId(sent)) return sent;
  const requestId = (event as Partial<HttpEvent>).requestContext?.requestId;
  return isCorrelationId(requestId) ? requestId : randomUUID();
}

/** The body's bytes as sent: decoded from base64 when API Gateway encoded them. */
export function rawBody(event: HttpEvent): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function readBody(event: HttpEvent, raw: Buffer): unknown {
  if (raw.byteLength === 0) {
    throw new ValidationError('Request body is required', [{ field: 'body', message: 'Required' }]);
  }
  if (!isJsonContentType(header(event, 'content-type'))) throw new UnsupportedMediaTypeError('application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(strictUtf8.decode(raw));
  } catch {
    throw new ValidationError('Request body is not valid JSON', [{ field: 'body', message: 'Not valid JSON' }]);
  }
  assertWellFormed(parsed, 'body');
  return parsed;
}

export interface HttpRequest<B, Q, P> {
  readonly actor: Actor | undefined;
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  readonly event: HttpEvent;
}

/** A request on a `customer` or `admin` route always has an actor. */
export interface AuthenticatedRequest<B, Q, P> extends HttpRequest<B, Q, P> {
  readonly actor: Actor;
}

/**
 * An invocation whose route key is not the handler's own. Only a deployment mistake (an
 * integration wired to the wrong function) or a direct invocation produces one; running the
 * handler would apply one route's access rules and schemas to another route's request, so it
 * is answered as an internal error (500, which the API's error alarms see) without running.
 */
export class MisroutedRequestError extends Error {
  constructor(
    readonly expected: string,
    readonly received: string | undefined,
  ) {
    super(`handler for ${expected} invoked for route key ${received ?? '(none)'}`);
    this.name = 'MisroutedRequestError';
  }
}

/** The access the route table gives a route key, read at compile time. */
type AccessOf<K extends RouteKey> = K extends `${infer M} ${infer P}`
  ? Extract<(typeof routes)[number], { method: M; path: P }>['access']
  : never;

/** Handlers of `public` and `optional` routes must allow for an anonymous caller; the compiler sees to it. */
type RequestFor<K extends RouteKey, B, Q, P> =
  AccessOf<K> extends 'customer' | 'admin' ? AuthenticatedRequest<B, Q, P> : HttpRequest<B, Q, P>;

type Parsed<S extends Schema | undefined> = S extends Schema ? z.infer<S> : undefined;

/**
 * How an `optional` route learns its caller from the Authorization header: `optionalActor` from
 * lib/token. Its handler passes it in rather than this module importing it, so jose (the JWT
 * verifier) is bundled into those functions alone. (A lazy `import()` would not do: without code
 * splitting, esbuild inlines the imported module into every bundle that has the call.)
 */
export type IdentifyCaller = (authorization: string | undefined) => Promise<Actor | undefined>;

/** The schemas of a route, and for an `optional` route (only) the way it identifies its caller. */
type HandlerOptions<K extends RouteKey, B, Q, P> = {
  readonly body?: B;
  readonly query?: Q;
  readonly params?: P;
} & (AccessOf<K> extends 'optional' ? { readonly identify: IdentifyCaller } : { readonly identify?: never });

/**
 * Builds a Lambda handler for the route `key`. Access comes from the route table, so a route's
 * protection cannot differ between the table, CDK and the handler.
 */
/**
 * Whether the request carries the origin header CloudFront adds on its way to the API, compared
 * in constant time. Without it the caller used the API's own address, past the site's web ACL.
 * Routes that say who calls them directly (the Stripe webhook) and a function without the value
 * (the local cloud) take every request.
 */
function cameThroughTheSite(event: HttpEvent, route: { readonly calledDirectly?: string }): boolean {
  const expected = originVerifyValue();
  if (!expected || route.calledDirectly) return true;
  const given = Buffer.from(header(event, ORIGIN_VERIFY_HEADER) ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function httpHandler<
  K extends RouteKey,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  key: K,
  schemas: HandlerOptions<K, B, Q, P>,
  run: (request: RequestFor<K, Parsed<B>, Parsed<Q>, Parsed<P>>) => Promise<HttpResult>,
): HttpHandler {
  const route = findRoute(key);
  if (!route) throw new Error(`Route ${key} is not in functions/routes.ts`);
  const identify = schemas.identify;
  if (route.access === 'optional' && !identify) {
    throw new Error(`Route ${key} has optional access: pass identify: optionalActor (functions/lib/token.ts)`);
  }
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  const respond = async (event: HttpEvent): Promise<HttpResult> => {
    try {
      // API Gateway writes the route key twice; both must name this handler's route. Read as
      // possibly absent: a direct invocation's event need not have the shape of the type.
      const sent = event as Partial<HttpEvent>;
      if (sent.routeKey !== key || sent.requestContext?.routeKey !== key) {
        throw new MisroutedRequestError(key, sent.routeKey ?? sent.requestContext?.routeKey);
      }
      if (!cameThroughTheSite(event, route)) throw new ForbiddenError();
      const actor =
        route.access === 'optional'
          ? await identify?.(header(event, 'authorization'))
          : route.access === 'public'
            ? undefined
            : actorFromClaims(event.requestContext.authorizer?.jwt?.claims as JwtClaims | undefined);
      if ((route.access === 'customer' || route.access === 'admin') && !actor) throw new UnauthenticatedError();
      if (route.access === 'admin' && !actor?.isAdmin) throw new ForbiddenError();

      // Every route's limit holds, also for routes that read the raw body themselves (the webhook).
      const raw = rawBody(event);
      if (raw.byteLength > maxBytes) throw new PayloadTooLargeError(maxBytes);
      const body = schemas.body ? parseWith(schemas.body, readBody(event, raw), 'body') : undefined;
      assertWellFormed(event.queryStringParameters, 'query');
      assertWellFormed(event.pathParameters, 'path');
      const query = schemas.query ? parseWith(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined;
      const params = schemas.params ? parseWith(schemas.params, event.pathParameters ?? {}, 'path') : undefined;

      return await run({
        actor: actor as Actor,
        body: body as Parsed<B>,
        query: query as Parsed<Q>,
        params: params as Parsed<P>,
        event,
      });
    } catch (err) {
      return toErrorResponse(err);
    }
  };

  // Who may keep the answer is decided here for every route (CACHE_CONTROL in routes.ts), not by handlers.
  const answer = async (event: HttpEvent): Promise<HttpResult> => {
    const result = await respond(event);
    const headers = Object.fromEntries(
      Object.entries(result.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'cache-control'),
    );
    const withToken = (header(event, 'authorization') ?? '').trim() !== '';
    headers['cache-control'] = cacheControlFor(route, { withToken, statusCode: result.statusCode ?? 200 });
    return { ...result, headers };
  };

  // Everything the request causes (logs, events, emails) carries its id; see lib/correlation.
  return (event, context) => withCorrelationId(correlationIdOf(event), () => answer(event), context?.functionName);
}
