/** What the mixed load's parent (load-mix.ts) and its driver process (load-mix-driver.ts) share. */
export interface LoadMixPlan {
  readonly apiUrl: string;
  readonly idToken: string;
  readonly productIds: readonly string[];
  readonly ampleProductId: string;
  readonly scarceProductId: string;
  readonly connections: number;
  readonly seconds: number;
  readonly raceAtSeconds: number;
  readonly raceSize: number;
  /** Checkouts per second the mix may send (the race aside). */
  readonly checkoutsPerSecond: number;
}

/** One kind of request: what it is called in the report, and which statuses it may answer. */
export type Operation =
  | 'GET /products'
  | 'GET /products/{id}'
  | 'PUT /wishlist/{productId}'
  | 'DELETE /wishlist/{productId}'
  | 'POST /checkout'
  | 'POST /checkout (race)';

export const EXPECTED_STATUSES: Record<Operation, readonly number[]> = {
  'GET /products': [200],
  'GET /products/{id}': [200],
  'PUT /wishlist/{productId}': [200, 201, 204],
  'DELETE /wishlist/{productId}': [200, 204],
  'POST /checkout': [201],
  // The race's point: the units that are there are sold, the rest are told so.
  'POST /checkout (race)': [201, 409],
};

export interface OperationResult {
  latenciesMs: number[];
  statuses: Record<string, number>;
  /** A failure before any status: a refused connection, a reset, a timeout. */
  networkErrors: number;
}

export type LoadMixResults = Record<Operation, OperationResult>;
