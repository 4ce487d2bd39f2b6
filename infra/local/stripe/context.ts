import type { StripeStore } from './state';

/** What the parts of one Stripe stand-in share: its objects, Stripe's clock, its log, where it listens. */
export interface StandInContext {
  readonly store: StripeStore;
  /** Stripe's clock in Unix seconds (`created`, `expires_at`); a test may set it (StripeStandInOptions.now). */
  readonly nowSeconds: () => number;
  /** A verbose line, prefixed `[stripe]`. */
  readonly log: (line: string) => void;
  /** Marks the state changed, to be written to the state file. */
  readonly touch: () => void;
  /** Where the stand-in listens, known once it does: session URLs are derived from it. */
  baseUrl: string;
}
