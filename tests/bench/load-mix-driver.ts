/**
 * The load generator of the mixed load (load-mix.ts), run in a process of its own so it does not
 * share an event loop with the gateway and handlers it measures (the local cloud runs them in the
 * benchmark's process). Reads its plan as JSON from argv[2], prints its results as JSON on stdout.
 *
 * CONNECTIONS workers each send one request at a time until the time is up, choosing by weight:
 * the catalogue list, a product page, a wishlist add then remove, a checkout of the product with
 * ample stock. Checkouts are paced below the route's throttle (a shared token bucket), so the
 * mix measures the shop rather than its rate limit. At RACE_AT the race starts: RACE_SIZE
 * checkouts at once for one unit each of the product with SCARCE_STOCK units.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkoutCustomer } from '../fixtures/customer';
import { EXPECTED_STATUSES, type LoadMixPlan, type LoadMixResults, type Operation } from './load-mix-plan';

const REQUEST_TIMEOUT_MS = 30_000;

function checkoutBody(productId: string): string {
  return JSON.stringify({
    lines: [{ productId, size: 'M', color: 'Black', quantity: 1 }],
    customer: checkoutCustomer(`load-${randomUUID().slice(0, 12)}@example.ch`),
    locale: 'en',
  });
}

async function run(plan: LoadMixPlan): Promise<LoadMixResults> {
  const results = Object.fromEntries(
    Object.keys(EXPECTED_STATUSES).map((operation) => [operation, { latenciesMs: [], statuses: {}, networkErrors: 0 }]),
  ) as unknown as LoadMixResults;

  const send = async (operation: Operation, path: string, init: RequestInit = {}): Promise<void> => {
    const result = results[operation];
    const started = performance.now();
    try {
      const response = await fetch(`${plan.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      result.latenciesMs.push(performance.now() - started);
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
    } catch {
      result.networkErrors += 1;
    }
  };
  const signedIn = { authorization: `Bearer ${plan.idToken}` };
  const json = { 'content-type': 'application/json' };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

  const startedAt = performance.now();
  const deadline = startedAt + plan.seconds * 1000;
  const raceAt = startedAt + plan.raceAtSeconds * 1000;
  // The mix's checkouts share the route's bucket with the race: they pause around it.
  const checkoutsPausedFrom = raceAt - 2000;
  const checkoutsPausedTo = raceAt + 2000;
  let checkoutTokens = plan.checkoutsPerSecond;
  let refilledAt = startedAt;
  const takeCheckoutToken = (): boolean => {
    const now = performance.now();
    if (now >= checkoutsPausedFrom && now < checkoutsPausedTo) return false;
    checkoutTokens = Math.min(
      plan.checkoutsPerSecond,
      checkoutTokens + ((now - refilledAt) / 1000) * plan.checkoutsPerSecond,
    );
    refilledAt = now;
    if (checkoutTokens < 1) return false;
    checkoutTokens -= 1;
    return true;
  };

  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.15 && takeCheckoutToken()) {
        await send('POST /checkout', '/checkout', {
          method: 'POST',
          headers: json,
          body: checkoutBody(plan.ampleProductId),
        });
      } else if (roll < 0.3) {
        const productId = pick(plan.productIds);
        await send('PUT /wishlist/{productId}', `/wishlist/${productId}`, { method: 'PUT', headers: signedIn });
        await send('DELETE /wishlist/{productId}', `/wishlist/${productId}`, { method: 'DELETE', headers: signedIn });
      } else if (roll < 0.65) {
        await send('GET /products/{id}', `/products/${pick(plan.productIds)}`);
      } else {
        await send('GET /products', '/products');
      }
    }
  };

  const race = async (): Promise<void> => {
    await sleep(Math.max(0, raceAt - performance.now()));
    await Promise.all(
      Array.from({ length: plan.raceSize }, () =>
        send('POST /checkout (race)', '/checkout', {
          method: 'POST',
          headers: json,
          body: checkoutBody(plan.scarceProductId),
        }),
      ),
    );
  };

  await Promise.all([...Array.from({ length: plan.connections }, worker), race()]);
  return results;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadMixPlan;
run(plan).then(
  (results) => process.stdout.write(JSON.stringify(results)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
