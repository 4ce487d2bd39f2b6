/**
 * Typed domain errors. `functions/lib/http.ts` maps each code to an HTTP status once;
 * the web app maps each code to a translated message (`errors.<CODE>`).
 */
export const DOMAIN_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_SUBSCRIBED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'OUT_OF_STOCK',
  'PROMO_INVALID',
  'PAYMENT_SESSION_FAILED',
  'ASSISTANT_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** Codes a client may receive: the domain codes plus the catch-all for unexpected failures. */
export type ApiErrorCode = DomainErrorCode | 'INTERNAL';

/** The one error shape on the wire. */
export interface ApiErrorBody {
  error: ApiErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  constructor(message: string, fields: FieldIssue[] = []) {
    super('VALIDATION', message, fields.length ? { fields } : undefined);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor() {
    super('UNAUTHENTICATED', 'Unauthorized');
  }
}

export class ForbiddenError extends DomainError {
  constructor() {
    super('FORBIDDEN', 'You are not allowed to do this');
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id?: string) {
    super('NOT_FOUND', id ? `${what} ${id} not found` : `${what} not found`, id ? { id } : undefined);
  }
}

export class ConflictError extends DomainError {
  constructor(what: string, id: string) {
    super('CONFLICT', `${what} ${id} already exists`, { id });
  }
}

export class AlreadySubscribedError extends DomainError {
  constructor() {
    super('ALREADY_SUBSCRIBED', 'This email is already subscribed to our newsletter.');
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super('PAYLOAD_TOO_LARGE', `Request body is larger than ${limitBytes} bytes`, { limitBytes });
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(expected: string) {
    super('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${expected}`, { expected });
  }
}

export class RateLimitedError extends DomainError {
  constructor() {
    super('RATE_LIMITED', 'Too many requests');
  }
}

/** Not enough units left for some lines; nothing was reserved. Details name the lines. */
export class OutOfStockError extends DomainError {
  constructor(lines: ReadonlyArray<Record<string, unknown>>) {
    super('OUT_OF_STOCK', 'Not enough stock for some items', { lines });
  }
}

/** The code does not exist or is not active. */
export class PromoInvalidError extends DomainError {
  constructor(code: string) {
    super('PROMO_INVALID', 'The promo code is not valid or has expired.', { code });
  }
}

/** The payment provider could not open a payment session; the order was cancelled. */
export class PaymentSessionFailedError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('PAYMENT_SESSION_FAILED', 'Error creating payment session', undefined, options);
  }
}

/** The chat model was throttled, timed out or refused the request; the shopper may try again. */
export class AssistantUnavailableError extends DomainError {
  /** Why, for the logs only: which of the model's failures a shopper sees is none of their concern. */
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super('ASSISTANT_UNAVAILABLE', 'The shop assistant is temporarily unavailable', undefined, options);
  }
}

/**
 * A service the shop depends on (its database, above all) did not answer in time or refused the
 * connection: nothing was done that the client should know of, and trying again shortly is right.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('SERVICE_UNAVAILABLE', 'The shop is briefly unavailable; please try again in a moment', undefined, options);
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}
