import Stripe from 'stripe';
import type { FormNode } from './form';

/** One API request as the endpoints see it, once authenticated and parsed. */
export interface ApiRequest {
  readonly params: FormNode;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly path: string;
}

export interface ApiResult {
  readonly status: number;
  readonly body: unknown;
}

/** An endpoint: its method, its path (ids captured in groups) and what it answers. */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly run: (request: ApiRequest, ids: string[]) => ApiResult;
}

/** The API version whose shapes the stand-in answers in: the SDK's own. */
export const API_VERSION: string = Stripe.API_VERSION;
