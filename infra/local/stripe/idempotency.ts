/**
 * Idempotent requests as Stripe keeps them: a POST with an `Idempotency-Key` saves its answer
 * for 24 hours; the same request again replays it, the key on another request is an error.
 */
import { invalid, StripeFailure } from './errors';
import type { FormNode, FormValue } from './form';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentResponse {
  readonly method: string;
  readonly path: string;
  readonly params: string;
  readonly status: number;
  readonly body: string;
  readonly requestId: string;
  /** Real-clock ms. */
  readonly createdAt: number;
}

/** The answer of a request to save under its key once it has run (`status` and `body` still empty). */
export interface PendingResponse {
  readonly key: string;
  readonly record: IdempotentResponse;
}

/** Canonical JSON (sorted keys) to compare the parameters of idempotent requests. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key] as FormValue)}`)
    .join(',')}}`;
}

/**
 * What a request with an idempotency key does: replay the answer saved under the key for the
 * same request, or run and have its answer saved. The key used before for another endpoint or
 * with other parameters is a StripeFailure.
 */
export function lookUpIdempotent(
  saved: ReadonlyMap<string, IdempotentResponse>,
  request: {
    readonly key: string;
    readonly method: string;
    readonly path: string;
    readonly params: FormNode;
    readonly requestId: string;
  },
): { readonly replay: IdempotentResponse } | { readonly pending: PendingResponse } {
  const { key: idempotencyKey, method, path, params, requestId } = request;
  if (idempotencyKey.length > 255) {
    throw invalid('Idempotency keys can be at most 255 characters long.', undefined, 'idempotency_key_too_long');
  }
  const fingerprint = canonical(params);
  const previous = saved.get(idempotencyKey);
  if (previous && previous.createdAt > Date.now() - IDEMPOTENCY_TTL_MS) {
    if (previous.method !== method || previous.path !== path) {
      throw new StripeFailure(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ` +
          `('${previous.method} ${previous.path}' vs '${method} ${path}'). ` +
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
    return { replay: previous };
  }
  return {
    pending: {
      key: idempotencyKey,
      record: {
        method,
        path,
        params: fingerprint,
        status: 0,
        body: '',
        requestId,
        createdAt: Date.now(),
      },
    },
  };
}
