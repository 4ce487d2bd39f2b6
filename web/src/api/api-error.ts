import { DOMAIN_ERROR_CODES, isApiErrorBody, type ApiErrorCode, type FieldIssue } from '@linea/shared/errors';

/**
 * How the API's failures reach the app: every failure as an `ApiError` carrying the shared error
 * code. Apart from the client (client.ts) and free of zod, so code on the start-up path (the
 * query client's retry rule, the footer's newsletter form) can tell an API error without
 * bringing the client and its schema library into the entry chunk.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no response arrived (network failure). */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }

  /** Per-field messages of a VALIDATION error (`details.fields`), empty otherwise. */
  get fieldIssues(): FieldIssue[] {
    const fields = this.details?.fields;
    if (!Array.isArray(fields)) return [];
    return fields.filter(
      (issue): issue is FieldIssue =>
        typeof issue === 'object' &&
        issue !== null &&
        typeof (issue as FieldIssue).field === 'string' &&
        typeof (issue as FieldIssue).message === 'string',
    );
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const KNOWN_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([...DOMAIN_ERROR_CODES, 'INTERNAL']);

/**
 * For answers that are not in our shape: API Gateway's own 401 from the JWT authorizer
 * (`{"message":"Unauthorized"}`), its 429 from throttling, a proxy's HTML 502.
 */
const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function errorFromResponse(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body) && KNOWN_CODES.has(body.error)) {
    const details = typeof body.details === 'object' && body.details !== null ? body.details : undefined;
    return new ApiError(status, body.error, body.message, details);
  }
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `HTTP ${status}`;
  return new ApiError(status, CODE_BY_STATUS[status] ?? 'INTERNAL', message);
}
