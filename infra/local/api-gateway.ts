/**
 * The local HTTP API: what API Gateway does in front of the Lambda handlers, driven by the same
 * route table (functions/routes.ts). Per request, in API Gateway's order: CORS preflight, route
 * match (else the `$default` fallback), route throttling, body size cap, JWT authorizer on
 * `customer`/`admin` routes, then a payload 2.0 event to the entry of the route's area (the
 * module its Lambda function runs, which dispatches by route key) and its result mapped back to
 * HTTP.
 *
 * Errors the gateway itself raises carry API Gateway's `message` and our `error` code, so both
 * the web client's ApiError and anything expecting API Gateway's body can read them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { ApiErrorBody } from '../../shared/errors';
import { API_CORS, areaEntry, hasAuthorizer, type AreaName, type RouteDefinition } from '../../functions/routes';
import { flattenClaims } from './claims';
import { invoke, InvocationTimeoutError } from './handlers';
import { BodyTooLargeError, listen, readBody, type RunningServer } from './http-server';
import { TokenBucket } from './token-bucket';

export interface ApiGatewayOptions {
  readonly port: number;
  readonly routes: readonly RouteDefinition[];
  /** The area whose function serves the `$default` route. */
  readonly fallbackArea: AreaName;
  readonly auth: { readonly issuer: string; readonly audience: string; readonly jwksUrl: string };
  readonly cors: { readonly allowOrigins: readonly string[]; readonly maxAgeSeconds: number };
  /** Hard cap on any request body; the route's own maxBodyBytes is the handler's business. */
  readonly maxRequestBytes: number;
  /** API Gateway's integration timeout. */
  readonly timeoutMs: number;
  /**
   * Whether a request came through the web server's `/api` proxy (as requests through
   * CloudFront do): then the last `X-Forwarded-For` entry, the address the proxy saw, is the
   * caller's `sourceIp`. Anyone else's `X-Forwarded-For` is only passed on, never believed.
   */
  readonly isFromProxy?: (req: IncomingMessage) => boolean;
  readonly log: (line: string) => void;
  readonly warn: (line: string) => void;
}

interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly key: string;
  readonly segments: readonly string[];
  readonly literalCount: number;
  readonly bucket: TokenBucket | undefined;
}

const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded))/i;

function compile(route: RouteDefinition): CompiledRoute {
  const segments = route.path.split('/').slice(1);
  return {
    route,
    key: `${route.method} ${route.path}`,
    segments,
    literalCount: segments.filter((segment) => !segment.startsWith('{')).length,
    bucket: route.throttle ? new TokenBucket(route.throttle.rateLimit, route.throttle.burstLimit) : undefined,
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchSegments(segments: readonly string[], parts: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const greedy = /^\{(\w+)\+\}$/.exec(segment);
    if (greedy?.[1]) {
      const rest = parts.slice(i).join('/');
      if (!rest) return undefined;
      params[greedy[1]] = safeDecode(rest);
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return undefined;
    const param = /^\{(\w+)\}$/.exec(segment);
    if (param?.[1]) params[param[1]] = safeDecode(part);
    else if (segment !== part) return undefined;
  }
  return parts.length === segments.length ? params : undefined;
}

/** Matches like HTTP API: the route with most literal segments wins, `{proxy+}` takes the rest. */
function match(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): { compiled: CompiledRoute; pathParameters: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1);
  let best: { compiled: CompiledRoute; pathParameters: Record<string, string> } | undefined;
  for (const compiled of routes) {
    if (compiled.route.method !== method) continue;
    const pathParameters = matchSegments(compiled.segments, parts);
    if (pathParameters && (!best || compiled.literalCount > best.compiled.literalCount))
      best = { compiled, pathParameters };
  }
  return best;
}

/** API Gateway's access-log style time: 12/Mar/2020:19:03:58 +0000. */
function requestTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())} +0000`;
}

function singleValueHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [name, value] of search) params[name] = name in params ? `${params[name]},${value}` : value;
  return Object.keys(params).length ? params : undefined;
}

/** The request target as sent: API Gateway passes the raw path, not a normalised one. */
interface RequestTarget {
  readonly path: string;
  readonly rawQuery: string;
  readonly query: URLSearchParams;
}

function parseTarget(raw: string | undefined): RequestTarget {
  const target = raw ?? '/';
  const mark = target.indexOf('?');
  const rawQuery = mark < 0 ? '' : target.slice(mark + 1);
  return { path: mark < 0 ? target : target.slice(0, mark), rawQuery, query: new URLSearchParams(rawQuery) };
}

interface EventInput {
  readonly req: IncomingMessage;
  readonly url: RequestTarget;
  readonly routeKey: string;
  readonly pathParameters: Record<string, string> | undefined;
  readonly body: Buffer;
  readonly claims: Record<string, string> | undefined;
  readonly requestId: string;
  readonly fromProxy: boolean;
}

/** The address the proxy appended last, if it is an IP address. */
function proxiedClientAddress(forwardedFor: string | undefined): string | undefined {
  const last = forwardedFor?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : undefined;
}

function buildEvent(input: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { req, url } = input;
  const now = new Date();
  const headers = singleValueHeaders(req.headers);
  const proxied = input.fromProxy ? proxiedClientAddress(headers['x-forwarded-for']) : undefined;
  const sourceIp = proxied ?? (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  // API Gateway appends the address it saw; through the proxy that address is already the last entry.
  if (!proxied)
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
  headers['x-forwarded-port'] = String(req.socket.localPort ?? '');
  headers['x-forwarded-proto'] = 'http';
  const host = headers.host ?? '127.0.0.1';
  const cookies = req.headers.cookie?.split(/;\s*/).filter(Boolean);
  const query = queryParameters(url.query);
  const contentType = headers['content-type'] ?? '';
  const isText = !contentType || TEXT_TYPES.test(contentType);
  const event = {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: url.path,
    rawQueryString: url.rawQuery,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      ...(input.claims ? { authorizer: { jwt: { claims: input.claims, scopes: null } } } : {}),
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method: req.method ?? 'GET',
        path: url.path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId,
      routeKey: input.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(input.pathParameters && Object.keys(input.pathParameters).length
      ? { pathParameters: input.pathParameters }
      : {}),
    ...(input.body.length ? { body: isText ? input.body.toString('utf8') : input.body.toString('base64') } : {}),
    isBase64Encoded: input.body.length > 0 && !isText,
  };
  // `scopes: null` is what the JWT authorizer sends for ID tokens; the aws-lambda type says string[].
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

interface HttpReply {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

function jsonReply(status: number, body: ApiErrorBody, headers: Record<string, string> = {}): HttpReply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** Maps a payload 2.0 result as API Gateway does, including its guess for unstructured results. */
function toReply(result: unknown): HttpReply {
  const structured =
    typeof result === 'object' &&
    result !== null &&
    typeof (result as { statusCode?: unknown }).statusCode === 'number';
  if (!structured) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const r = result as {
    statusCode: number;
    headers?: Record<string, unknown>;
    cookies?: string[];
    body?: unknown;
    isBase64Encoded?: boolean;
  };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(r.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  const rawBody = typeof r.body === 'string' ? r.body : r.body === undefined ? '' : JSON.stringify(r.body);
  return {
    status: r.statusCode,
    headers,
    body: r.isBase64Encoded ? Buffer.from(rawBody, 'base64') : Buffer.from(rawBody),
  };
}

export function startApiGateway(options: ApiGatewayOptions): Promise<RunningServer> {
  const compiled = options.routes.map(compile);
  const allowMethods = [...new Set([...options.routes.map((route) => route.method), 'OPTIONS'])].join(',');
  const jwks = createRemoteJWKSet(new URL(options.auth.jwksUrl), { cooldownDuration: 1_000 });

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin && options.cors.allowOrigins.includes(origin)
      ? { 'access-control-allow-origin': origin, vary: 'origin' }
      : {};

  /** The JWT authorizer: a valid ID token of our pool and client, or nothing. */
  const authorize = async (header: string | undefined): Promise<JWTPayload | undefined> => {
    const token = header?.replace(/^bearer\s+/i, '').trim();
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.auth.issuer,
        audience: options.auth.audience,
        algorithms: ['RS256'],
      });
      return payload.token_use === 'id' ? payload : undefined;
    } catch {
      return undefined;
    }
  };

  const respond = async (req: IncomingMessage, url: RequestTarget, requestId: string): Promise<HttpReply> => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const origin = req.headers.origin;
      const allowed = origin !== undefined && options.cors.allowOrigins.includes(origin);
      return {
        status: 204,
        headers: allowed
          ? {
              ...corsHeaders(origin),
              'access-control-allow-methods': allowMethods,
              'access-control-allow-headers': API_CORS.allowHeaders.join(','),
              'access-control-max-age': String(options.cors.maxAgeSeconds),
            }
          : {},
        body: Buffer.alloc(0),
      };
    }

    const found = match(compiled, method, url.path);
    if (found?.compiled.bucket && !found.compiled.bucket.take()) {
      return jsonReply(429, { error: 'RATE_LIMITED', message: 'Too many requests' });
    }
    const tooLarge = (): HttpReply =>
      jsonReply(413, {
        error: 'PAYLOAD_TOO_LARGE',
        message: 'Request Entity Too Large',
        details: { limitBytes: options.maxRequestBytes },
      });
    if (Number(req.headers['content-length'] ?? 0) > options.maxRequestBytes) {
      req.resume();
      return tooLarge();
    }
    let body: Buffer;
    try {
      body = await readBody(req, options.maxRequestBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return tooLarge();
      // The client left mid-body (the web server's proxy does, once a body passes the limit): nobody to answer.
      if (req.destroyed) return { status: 499, headers: {}, body: Buffer.alloc(0) };
      throw err;
    }

    let claims: Record<string, string> | undefined;
    if (found && hasAuthorizer(found.compiled.route.access)) {
      const payload = await authorize(req.headers.authorization);
      if (!payload) {
        return jsonReply(401, { error: 'UNAUTHENTICATED', message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      }
      claims = flattenClaims(payload);
    }

    const routeKey = found ? found.compiled.key : '$default';
    const module = areaEntry(found ? found.compiled.route.area : options.fallbackArea);
    const event = buildEvent({
      req,
      url,
      routeKey,
      pathParameters: found?.pathParameters,
      body,
      claims,
      requestId,
      fromProxy: options.isFromProxy?.(req) ?? false,
    });
    try {
      return toReply(await invoke(module, event, options.timeoutMs));
    } catch (err) {
      if (err instanceof InvocationTimeoutError) {
        options.warn(`[api] ${routeKey}: ${err.message}`);
        return jsonReply(503, { error: 'INTERNAL', message: 'Service Unavailable' });
      }
      // An uncaught handler error: in the cloud the stack goes to CloudWatch, here to the console.
      options.warn(`[api] ${routeKey} handler threw: ${(err as Error).stack ?? String(err)}`);
      return jsonReply(500, { error: 'INTERNAL', message: 'Internal Server Error' });
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = parseTarget(req.url);
    const requestId = randomUUID();
    const reply = await respond(req, url, requestId);
    const headers = {
      ...reply.headers,
      ...corsHeaders(req.headers.origin),
      'apigw-requestid': requestId,
      'content-length': String(reply.body.length),
    };
    res.writeHead(reply.status, headers);
    res.end(reply.body);
    options.log(`[api] ${req.method} ${req.url} ${reply.status} ${Date.now() - started} ms`);
  };

  return listen('api', options.port, handle);
}
