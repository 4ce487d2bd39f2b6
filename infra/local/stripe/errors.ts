/** Errors in Stripe's shape: the status, `type`, `code`, `param` and links Stripe answers with. */

interface ErrorDetails {
  readonly code?: string;
  readonly param?: string;
  /** Stripe saves an idempotent result only once execution began; validation errors are not saved. */
  readonly store?: boolean;
  readonly headers?: Record<string, string>;
}

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }

  body(requestId: string, nowSeconds: number): { error: Record<string, string> } {
    const { code, param } = this.details;
    return {
      error: {
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(param ? { param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${nowSeconds}`,
        type: this.type,
      },
    };
  }
}

export const invalid = (message: string, param?: string, code?: string): StripeFailure =>
  new StripeFailure(400, 'invalid_request_error', message, { ...(param ? { param } : {}), ...(code ? { code } : {}) });

export const missing = (param: string): StripeFailure =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

export const noSuch = (object: string, id: string, param?: string): StripeFailure =>
  new StripeFailure(404, 'invalid_request_error', `No such ${object}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

export const oneOf = (params: readonly string[]): StripeFailure =>
  invalid(`You may only specify one of these parameters: ${params.join(', ')}.`, params[0]);
