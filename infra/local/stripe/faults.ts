/**
 * Faults a test arms through `POST /_stand-in/faults`: the next `count` API calls to a path
 * prefix fail with the Stripe error given (or a default one for the status).
 */
export interface Fault {
  readonly method: string;
  readonly pathPrefix: string;
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly message: string;
  readonly shouldRetry: boolean | null;
  remaining: number;
}

/** The first armed fault matching the call, counted down (and disarmed once used up). */
export function takeFault(faults: Fault[], method: string, path: string): Fault | undefined {
  const fault = faults.find(
    (candidate) => (candidate.method === '*' || candidate.method === method) && path.startsWith(candidate.pathPrefix),
  );
  if (!fault) return undefined;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults.splice(faults.indexOf(fault), 1);
  return fault;
}

/** The fault a control request's JSON body describes, or why it describes none. */
export function faultFrom(body: Record<string, unknown>): { readonly fault: Fault } | { readonly error: string } {
  const pathPrefix = body.pathPrefix;
  const status = body.status ?? 500;
  const count = body.count ?? 1;
  if (typeof pathPrefix !== 'string' || !pathPrefix.startsWith('/')) {
    return { error: 'pathPrefix must be a path such as /v1/checkout/sessions' };
  }
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return { error: 'status must be an HTTP error status (400-599)' };
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    return { error: 'count must be a positive integer' };
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
  return { fault };
}
