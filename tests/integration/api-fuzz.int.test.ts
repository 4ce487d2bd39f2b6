/**
 * The API fuzzed (issue 15, item 1): for every route of the table (functions/routes.ts), a
 * bounded number of generated requests (see ./fuzz/requests.ts) against the local cloud. For
 * each answer: never a 5xx; every 4xx our typed JSON error; a rejected request wrote nothing
 * (./fuzz/table-changes.ts); and at the end, no event of an accepted request was dead-lettered.
 *
 * Deterministic: one base seed, logged; each route runs from `seed + its index`. Replay with
 * FUZZ_SEED=<seed> (and FUZZ_ROUTE='POST /checkout' for one route); FUZZ_RUNS sets the runs per
 * route (default 12: the whole file then takes about a minute and a half).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, isApiErrorBody } from '@linea/shared/errors';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { routeKey, routes, type RouteDefinition } from '../../functions/routes';
import type { DeadLetter } from '../../infra/local/cloud';
import { FAILING_RULE } from './fixtures/failing-rule';
import { requestsFor, type FuzzContext, type FuzzRequest, type FuzzTokens } from './fuzz/requests';
import {
  changesBetween,
  changesTracedTo,
  snapshotTable,
  traceableText,
  type TableSnapshot,
} from './fuzz/table-changes';
import {
  api,
  deadLetters,
  endpoints,
  signIn,
  signUp,
  unique,
  uniqueEmail,
  waitForBusIdle,
  waitForStripeIdle,
  type Shopper,
} from './helpers';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const BASE_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ONLY_ROUTE = process.env.FUZZ_ROUTE;

const fuzzedRoutes = (routes as readonly RouteDefinition[])
  .map((route, index) => ({ route, key: routeKey(route), seed: BASE_SEED + index }))
  .filter(({ key }) => !ONLY_ROUTE || key === ONLY_ROUTE);

/** The typed error codes a client may be sent with a 4xx (INTERNAL is the 5xx catch-all). */
const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set(DOMAIN_ERROR_CODES);

interface RouteTally {
  requests: number;
  accepted: number;
  rejected: number;
  /** Table changes during rejected requests that carried nothing of them: other test files' writes. */
  unattributedChanges: number;
  readonly statuses: Map<number, number>;
}

const tallies = new Map<string, RouteTally>();

let db: DynamoDBClient;
let tableName: string;
let baseline: TableSnapshot;
let deadLettersBefore: ReadonlySet<string>;
let context: FuzzContext;
/** The account DELETE /me may delete: not the one the other customer routes are fuzzed with. */
let deletableCustomer: Shopper;
let customer: Shopper;
let adminId: string;

/** Cognito-local signs with a key it ships; with it the fuzz makes tokens that are signed but wrong. */
async function poolKey() {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: Record<string, string> };
  return importJWK(jwk, 'RS256');
}

async function badTokens(idToken: string): Promise<Pick<FuzzTokens, 'refused' | 'forgedAdmin' | 'algNone'>> {
  const claims = decodeJwt(idToken);
  const header = decodeProtectedHeader(idToken);
  const key = await poolKey();
  const now = Math.floor(Date.now() / 1000);
  const sign = (payload: JWTPayload) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'CognitoLocal' }).sign(key);
  const asAdmin = { ...claims, 'cognito:groups': [ADMIN_GROUP] };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [signedHeader, , signature] = idToken.split('.');
  return {
    refused: {
      expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
      'not-yet-valid': await sign({ ...claims, nbf: now + 3600 }),
      'wrong-audience': await sign({ ...claims, aud: 'another-client' }),
      'wrong-issuer': await sign({ ...claims, iss: 'http://127.0.0.1:1/another-pool' }),
      access: await sign({ ...claims, token_use: 'access' }),
      'no-subject': await sign({ ...claims, sub: undefined }),
    },
    forgedAdmin: `${signedHeader}.${b64(asAdmin)}.${signature}`,
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asAdmin)}.`,
  };
}

async function makeAdmin(): Promise<{ token: string; userId: string }> {
  const shopper = await signUp({ givenName: 'Fuzz', familyName: 'Admin' });
  const e = endpoints();
  const cognito = new CognitoIdentityProviderClient({
    endpoint: e.cognitoEndpoint,
    region: e.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: e.userPoolId, Username: shopper.email, GroupName: ADMIN_GROUP }),
    );
  } finally {
    cognito.destroy();
  }
  // Signed in again: the group is a claim of tokens issued from now on.
  return { token: await signIn(shopper.email, shopper.password), userId: shopper.sub };
}

async function created<T = Record<string, unknown>>(
  path: string,
  token: string,
  json: unknown,
  method = 'POST',
): Promise<T> {
  const response = await api<T>(path, { method, token, json });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

const shippingAddress = {
  firstName: 'Fuzz',
  lastName: 'Tester',
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  zipCode: '8001',
  country: 'CH',
};

beforeAll(async () => {
  const e = endpoints();
  tableName = e.tableName;
  db = new DynamoDBClient({
    endpoint: e.dynamodbEndpoint,
    region: e.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  deadLettersBefore = new Set((await deadLetters()).map((letter) => letter.file));

  const [shopper, victim, admin] = await Promise.all([signUp(), signUp(), makeAdmin()]);
  customer = shopper;
  deletableCustomer = victim;
  adminId = admin.userId;

  // The fuzz's own catalogue and records: accepted requests act on these, never on the seeded
  // catalogue's stock or another test's data. One product is on sale, for checkouts to buy.
  const productInput = (name: string, active: boolean) => ({
    name,
    description: 'A product of the API fuzz',
    price: 4_900,
    category: 'Outerwear',
    stockQuantity: 100_000,
    sizes: ['M'],
    colors: ['Black'],
    images: ['/images/products/it-fuzz.svg'],
    active,
  });
  const product = await created<{ id: string }>(
    '/admin/products',
    admin.token,
    productInput(unique('Fuzz coat'), true),
  );
  const doomedProduct = await created<{ id: string }>(
    '/admin/products',
    admin.token,
    productInput(unique('Fuzz hat'), false),
  );
  const promo = await created<{ code: string }>('/admin/promo-codes', admin.token, { type: 'percentage', percent: 5 });
  const doomedPromo = await created<{ code: string }>('/admin/promo-codes', admin.token, { type: 'free_shipping' });
  const upload = await created<{ id: string }>('/admin/uploads', admin.token, {
    contentType: 'image/png',
    size: 1_000,
  });
  const address = await created<{ id: string }>('/addresses', shopper.idToken, shippingAddress);
  const line = { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
  const checkout = await created<{ orderId: string; sessionId: string }>('/checkout', shopper.idToken, {
    lines: [line],
    customer: { ...shippingAddress, email: shopper.email },
    locale: 'en',
  });
  // Reads may name a seeded product too: reading changes nothing, and the wishlist is the fuzz customer's.
  const seeded = (await api<{ items: { id: string }[] }>('/products')).body.items[0]?.id;
  const readable = seeded ? [product.id, seeded] : [product.id];

  const knownPathValues: Record<string, readonly string[]> = {
    'GET /products/{id}': readable,
    'PATCH /addresses/{id}': [address.id],
    'DELETE /addresses/{id}': [address.id],
    'GET /admin/orders/{id}': [checkout.orderId],
    'PATCH /admin/orders/{id}': [checkout.orderId],
    'GET /orders/{id}': [checkout.orderId],
    'PATCH /admin/promo-codes/{code}': [promo.code],
    'DELETE /admin/promo-codes/{code}': [doomedPromo.code],
    'GET /promo-codes/{code}': [promo.code, promo.code.toLowerCase()],
    'PATCH /admin/products/{id}': [product.id],
    'DELETE /admin/products/{id}': [doomedProduct.id],
    'POST /admin/products/{id}/move': [product.id],
    'GET /admin/uploads/{id}': [upload.id],
    'PUT /wishlist/{productId}': readable,
    'DELETE /wishlist/{productId}': readable,
    'GET /pages/{page+}': ['product/does-not-exist', 'de/product/does-not-exist', 'en'],
    // POST /admin/newsletters/{id}/send has none: an accepted send mails every subscriber of
    // the shared cloud, other tests' readers included, whose inboxes those tests count.
  };

  const validBodies: Record<string, Record<string, unknown>> = {
    'PUT /me/profile': { emailLanguage: 'de' },
    'POST /addresses': { ...shippingAddress, isDefault: false },
    'PATCH /addresses/{id}': { city: 'Bern', zipCode: '3011' },
    'POST /admin/orders': { customer: { ...shippingAddress, email: shopper.email }, line, locale: 'en' },
    'PATCH /admin/orders/{id}': { status: 'confirmed', message: 'Fuzzed' },
    'POST /admin/promo-codes': { type: 'amount', amount: 500 },
    'PATCH /admin/promo-codes/{code}': { isActive: true },
    'POST /admin/newsletters': { title: 'Fuzz', subject: unique('Fuzz newsletter'), content: 'Never sent.' },
    'POST /admin/newsletters/{id}/send': { fromEmail: 'editor@linea.test' },
    'POST /admin/products': productInput(unique('Fuzz scarf'), false),
    'PATCH /admin/products/{id}': { description: 'Fuzzed again', stockQuantity: 100_000 },
    // No valid move: moving swaps the fuzz's product with its neighbour, another test's product.
    'POST /admin/uploads': { contentType: 'image/webp', size: 2_048 },
    'POST /chat': { message: 'How much does shipping cost?', locale: 'en' },
    'POST /newsletter/subscribers': { email: uniqueEmail('fuzz-reader'), locale: 'de' },
    'POST /newsletter/unsubscribe': { email: uniqueEmail('fuzz-reader'), token: 'f'.repeat(32) },
    'POST /newsletter/confirm': { email: uniqueEmail('fuzz-reader'), token: 'f'.repeat(43) },
    'POST /contact': { name: 'Fuzz', email: uniqueEmail('fuzz-contact'), message: 'A message of the API fuzz' },
    'POST /checkout': { lines: [line], customer: { ...shippingAddress, email: shopper.email }, locale: 'de' },
    'POST /checkout/abandon': { sessionId: checkout.sessionId },
    'POST /orders/from-session': { sessionId: checkout.sessionId },
  };

  context = {
    tokens: { customer: shopper.idToken, admin: admin.token, ...(await badTokens(shopper.idToken)) },
    knownPathValues: (route, parameter) => {
      const values = knownPathValues[routeKey(route)] ?? [];
      return route.path.includes(`{${parameter}`) ? values : [];
    },
    validBody: (route) => validBodies[routeKey(route)],
    stripeWebhookSecret: e.stripeWebhookSecret,
    // A documentation address (RFC 5737) no other test sends: the fuzz's guests have a chat window of their own.
    viewerAddress: '198.51.100.7:4431',
  };
  await settle();
  baseline = await snapshotTable(db, tableName);
  console.log(`[api-fuzz] seed ${BASE_SEED}, ${RUNS_PER_ROUTE} runs per route (replay: FUZZ_SEED=${BASE_SEED})`);
}, 120_000);

afterAll(() => {
  const rows = Object.fromEntries(
    [...tallies].map(([key, tally]) => [
      key,
      {
        requests: tally.requests,
        accepted: tally.accepted,
        rejected: tally.rejected,
        statuses: [...tally.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
        unattributed: tally.unattributedChanges,
      },
    ]),
  );
  console.log(`[api-fuzz] requests per route (seed ${BASE_SEED}):`);
  console.table(rows);
  const total = [...tallies.values()].reduce((sum, tally) => sum + tally.requests, 0);
  console.log(`[api-fuzz] ${total} requests to ${tallies.size} routes`);
  db?.destroy();
});

/** Lets what accepted requests set off (bus deliveries, Stripe's webhooks) finish. */
async function settle(): Promise<void> {
  expect(await waitForStripeIdle(20_000), 'the Stripe stand-in settled').toBe(true);
  expect(await waitForBusIdle(20_000), 'the bus settled').toBe(true);
}

/** Waits so that the fuzz takes at most half of a throttled route's rate: other tests share the bucket. */
function pacing(route: RouteDefinition): () => Promise<void> {
  if (!route.throttle) return async () => {};
  const intervalMs = 2_000 / route.throttle.rateLimit;
  let last = 0;
  return async () => {
    const wait = last + intervalMs - Date.now();
    if (wait > 0) await new Promise((resolveDelay) => setTimeout(resolveDelay, wait));
    last = Date.now();
  };
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body ? request.body.toString('utf8') : '';
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} characters)` : body;
  const target = request.target.length > 300 ? `${request.target.slice(0, 300)}…` : request.target;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      value.length > 80 ? `${value.slice(0, 80)}…` : value,
    ]),
  );
  return `${request.method} ${target}\n  built as: ${request.recipe}\n  headers: ${JSON.stringify(headers)}\n  body: ${shown}`;
}

async function send(request: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const response = await fetch(`${endpoints().apiUrl}${request.target}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: new Uint8Array(request.body) } : {}),
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** Checks one request's answer and what it did to the table; throws with the request on failure. */
async function fuzzOnce(route: RouteDefinition, request: FuzzRequest, tally: RouteTally): Promise<void> {
  const response = await send(request);
  tally.requests += 1;
  tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
  const fail = (why: string): never => {
    throw new Error(
      `${why}\n  answer: ${response.status} ${response.text.slice(0, 500)}\n  request: ${describeRequest(request)}`,
    );
  };
  if (response.status >= 500) fail(`A ${response.status} from ${routeKey(route)}`);
  if (response.status >= 200 && response.status < 300) {
    tally.accepted += 1;
    await settle();
    baseline = await snapshotTable(db, tableName);
    return;
  }
  if (response.status < 400) fail(`Neither accepted nor refused: ${response.status}`);

  tally.rejected += 1;
  const notFoundPage =
    route.permissions.sitePages === 'read' && response.status === 404 && response.contentType.startsWith('text/html');
  // GET /pages/{page+} exists to answer the not-found page, in HTML and with a 404 (routes.ts).
  if (!notFoundPage) assertTypedError(response, fail);
  tally.unattributedChanges += await assertNothingWritten(request, fail);
}

function assertTypedError(response: { contentType: string; text: string }, fail: (why: string) => never): void {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    fail('A 4xx whose body is not JSON');
  }
  if (!response.contentType.startsWith('application/json'))
    fail(`A 4xx as ${response.contentType || 'no content type'}`);
  if (!isApiErrorBody(body) || !CLIENT_ERROR_CODES.has(body.error)) fail("A 4xx that is not the shop's typed error");
}

/** Compares the table with the snapshot before the request; returns how many changes were other writers'. */
async function assertNothingWritten(request: FuzzRequest, fail: (why: string) => never): Promise<number> {
  const after = await snapshotTable(db, tableName);
  const changes = changesBetween(baseline, after);
  baseline = after;
  const traced = changesTracedTo(
    changes,
    traceableText(request.sentText, [customer.sub, deletableCustomer.sub, adminId]),
  );
  if (traced.length) {
    fail(
      `A refused request changed the table:\n${traced
        .map((change) => `  ${change.change} ${change.key}: ${change.item.slice(0, 300)}`)
        .join('\n')}`,
    );
  }
  return changes.length - traced.length;
}

describe('the API under fuzzed requests', () => {
  it.each(fuzzedRoutes)(
    '$key: no 5xx, only typed 4xx, nothing written when refused',
    async ({ route, key, seed }) => {
      const tally: RouteTally = { requests: 0, accepted: 0, rejected: 0, unattributedChanges: 0, statuses: new Map() };
      tallies.set(key, tally);
      const paced = pacing(route);
      const routeContext: FuzzContext =
        key === 'DELETE /me'
          ? { ...context, tokens: { ...context.tokens, customer: deletableCustomer.idToken } }
          : context;
      const details = await fc.check(
        fc.asyncProperty(requestsFor(route, routeContext), async (request) => {
          await paced();
          await fuzzOnce(route, request, tally);
        }),
        // No shrinking: each step is a live request that may write; the failing request is printed whole.
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `${key} failed (replay: FUZZ_SEED=${BASE_SEED} FUZZ_ROUTE='${key}'; route seed ${seed})\n${error}`,
        );
      }
    },
    120_000,
  );

  it('loses nothing accepted: no event is dead-lettered', async () => {
    await settle();
    const lost = (await deadLetters()).filter(
      (letter: DeadLetter) => !deadLettersBefore.has(letter.file) && letter.rule !== FAILING_RULE.name,
    );
    expect(
      lost.map(
        (letter) => `${letter.rule}: ${letter.event['detail-type']} ${letter.event.id}: ${letter.error.message}`,
      ),
    ).toEqual([]);
    // Not vacuous: accepted requests on routes that publish events did set deliveries off.
    const publishingAccepted = fuzzedRoutes
      .filter(({ route }) => route.permissions.publishEvents)
      .reduce((sum, { key }) => sum + (tallies.get(key)?.accepted ?? 0), 0);
    if (!ONLY_ROUTE) expect(publishingAccepted, 'accepted requests on routes that publish events').toBeGreaterThan(0);
  });
});
