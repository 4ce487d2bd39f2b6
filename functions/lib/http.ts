/**
 * The HTTP edge of every handler: finds the route's access in the route table, enforces it,
 * parses and validates input by schema, and maps errors to the one wire shape. The only place
 * that knows status codes.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import {
  DomainError,
  ForbiddenError,
  PayloadTooLargeError,
  UnauthenticatedError,
  ValidationError,
  type ApiErrorBody,
  type DomainErrorCode,
  type FieldIssue,
} from '@linea/shared/errors';
import { DEFAULT_MAX_BODY_BYTES, findRoute, type RouteKey } from '../routes';
import { actorFromClaims, type Actor, type JwtClaims } from './auth';
import { logger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type HttpHandler = (event: HttpEvent) => Promise<HttpResult>;

const STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_SUBSCRIBED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
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

export function toErrorResponse(err: unknown): HttpResult {
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
export function validationError(where: 'body' | 'query' | 'path', error: z.ZodError): ValidationError {
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

function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query' | 'path'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(where, result.error);
  return result.data;
}

function readBody(event: HttpEvent, maxBytes: number): unknown {
  if (event.body === undefined || event.body === null || event.body === '') {
    throw new ValidationError('Request body is required', [{ field: 'body', message: 'Required' }]);
  }
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > maxBytes) throw new PayloadTooLargeError(maxBytes);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('Request body is not valid JSON', [{ field: 'body', message: 'Not valid JSON' }]);
  }
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

type Parsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * Builds a Lambda handler for the route `key`. Access comes from the route table, so a route's
 * protection cannot differ between the table, CDK and the handler.
 */
export function httpHandler<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  key: RouteKey,
  schemas: { readonly body?: B; readonly query?: Q; readonly params?: P },
  run: (request: AuthenticatedRequest<Parsed<B>, Parsed<Q>, Parsed<P>>) => Promise<HttpResult>,
): HttpHandler {
  const route = findRoute(key);
  if (!route) throw new Error(`Route ${key} is not in functions/routes.ts`);
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  return async (event) => {
    try {
      const actor = actorFromClaims(event.requestContext.authorizer?.jwt?.claims as JwtClaims | undefined);
      if (route.access !== 'public' && !actor) throw new UnauthenticatedError();
      if (route.access === 'admin' && !actor?.isAdmin) throw new ForbiddenError();

      const body = schemas.body ? parseWith(schemas.body, readBody(event, maxBytes), 'body') : undefined;
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
}
