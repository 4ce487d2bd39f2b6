/**
 * How long an AWS SDK client may wait for its service before it gives up. The SDK's defaults
 * set no request timeout, so a service that accepts the connection and never answers holds the
 * call until the Lambda itself times out: a bare 5xx at API Gateway for a shopper, a consumer
 * that dies without saying which call hung. Within a budget the call fails as a `TimeoutError`,
 * which the HTTP edge answers as a typed 503 (functions/lib/http.ts) and a consumer rethrows
 * for its retries.
 */
export interface ClientTimeBudget {
  /** Tries in all, the first included. */
  readonly maxAttempts: number;
  readonly connectionTimeoutMs: number;
  /** Time the socket may stay idle (no byte sent or received), per try. */
  readonly requestTimeoutMs: number;
}

/** The longest a call can take before it fails, leaving out the SDK's short back-off between tries. */
export function worstCaseMs(budget: ClientTimeBudget): number {
  return budget.maxAttempts * (budget.connectionTimeoutMs + budget.requestTimeoutMs);
}

/** A budget as the options every SDK v3 client takes. */
export function clientOptions(budget: ClientTimeBudget) {
  return {
    maxAttempts: budget.maxAttempts,
    requestHandler: {
      connectionTimeout: budget.connectionTimeoutMs,
      requestTimeout: budget.requestTimeoutMs,
      // Without it this version of the handler only logs a warning when the timeout passes.
      throwOnRequestTimeout: true,
    },
  };
}

/**
 * The budgets by service. Each fits, with room for the work around the call, in the shortest
 * timeout of a function that makes it: 10 s for an HTTP route, 5 s for a Cognito trigger, 30 s
 * for an event consumer. A test holds them to that.
 */
export const CLIENT_TIME_BUDGETS = {
  /** Answers in milliseconds; read and written by every route. */
  dynamodb: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_500 },
  /** PutEvents from a route, after its write: the route must still answer in time. */
  eventbridge: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_500 },
  /** The Stripe keys, read once per cold start by checkout and the webhook. */
  secretsManager: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_500 },
  /** AdminGetUser inside the Pre Token Generation trigger, which Cognito waits 5 s for. */
  cognito: { maxAttempts: 2, connectionTimeoutMs: 500, requestTimeoutMs: 1_200 },
  /**
   * SES accepts a message in well under a second. The consumers that send retry a failed send
   * as a whole; the custom email sender trigger (which also reads the profile) stays bounded by
   * its own 5 s timeout, after which Cognito reports the failure and the shopper asks again.
   */
  ses: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  /**
   * The missing-page route reads one small object. The request timeout is the socket's idle
   * time, so a large upload of the image and page consumers does not trip it while it flows.
   */
  s3: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_500 },
  /** Invalidations from the page renderer, a consumer with minutes to spare. */
  cloudfront: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 5_000 },
} as const satisfies Record<string, ClientTimeBudget>;
