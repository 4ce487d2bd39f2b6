/**
 * The state file: the whole store as one JSON document, written atomically after every change,
 * so that a restart (even after a kill) resumes deliveries and payments where they were.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type Stripe from 'stripe';
import { writeFileAtomically } from '../atomic-file';
import { IDEMPOTENCY_TTL_MS, type IdempotentResponse } from './idempotency';
import type { AsyncPayment, EventRecord, SessionRecord, StripeStore } from './state';

const STATE_VERSION = 1;

interface PersistedState {
  readonly version: number;
  readonly coupons: Stripe.Coupon[];
  readonly products: Stripe.Product[];
  readonly prices: Stripe.Price[];
  readonly sessions: SessionRecord[];
  readonly events: EventRecord[];
  readonly asyncPayments: AsyncPayment[];
  readonly idempotency: Array<[string, IdempotentResponse]>;
}

/** Fills the (empty) store from the state file, if there is one; idempotent responses past their 24 hours are dropped. */
export function restoreState(store: StripeStore, stateFile: string | undefined): void {
  if (!stateFile || !existsSync(stateFile)) return;
  let loaded: PersistedState;
  try {
    loaded = JSON.parse(readFileSync(stateFile, 'utf8')) as PersistedState;
  } catch (err) {
    throw new Error(`The Stripe stand-in cannot read its state file ${stateFile}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  if (loaded.version !== STATE_VERSION) {
    throw new Error(
      `The Stripe stand-in state file ${stateFile} has version ${loaded.version}, expected ${STATE_VERSION}`,
    );
  }
  for (const coupon of loaded.coupons) store.coupons.set(coupon.id, coupon);
  for (const product of loaded.products) store.products.set(product.id, product);
  for (const price of loaded.prices) store.prices.set(price.id, price);
  for (const record of loaded.sessions) store.sessions.set(record.session.id, record);
  for (const record of loaded.events) {
    store.events.push(record);
    store.eventsById.set(record.event.id, record);
  }
  store.asyncPayments = [...loaded.asyncPayments];
  const oldest = Date.now() - IDEMPOTENCY_TTL_MS;
  for (const [key, response] of loaded.idempotency) {
    if (response.createdAt > oldest) store.idempotency.set(key, response);
  }
}

function serialise(store: StripeStore): PersistedState {
  return {
    version: STATE_VERSION,
    coupons: [...store.coupons.values()],
    products: [...store.products.values()],
    prices: [...store.prices.values()],
    sessions: [...store.sessions.values()],
    events: store.events,
    asyncPayments: store.asyncPayments,
    idempotency: [...store.idempotency.entries()],
  };
}

export interface StateWriter {
  /** Marks the state changed: it is written once the current turn's changes are all made. */
  touch(): void;
  /** Writes the state file atomically (temp file, then rename) if anything changed. */
  flush(): void;
  /** Writes the state file whether or not anything changed (the last write on close). */
  writeNow(): void;
}

/** Without a state file nothing is written: the state lives in memory only. */
export function stateWriter(store: StripeStore, stateFile: string | undefined): StateWriter {
  let dirty = false;
  const flush = (): void => {
    if (!dirty || !stateFile) {
      dirty = false;
      return;
    }
    dirty = false;
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileAtomically(stateFile, JSON.stringify(serialise(store)), { mode: 0o600 });
  };
  return {
    touch: () => {
      if (dirty) return;
      dirty = true;
      queueMicrotask(flush);
    },
    flush,
    writeNow: () => {
      dirty = true;
      flush();
    },
  };
}
