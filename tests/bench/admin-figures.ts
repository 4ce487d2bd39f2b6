/**
 * The admin figures with years of orders: GET /admin/overview and GET /admin/analytics?days=90
 * read the kept per-day aggregates (pattern 25); beside them, the same responses computed the
 * naive way, from every order read out of DynamoDB.
 *
 * 1. Seeds `count` orders placed over about two years (the local demo history's generator, run
 *    over more days with several seeds: every status, the seed catalogue, a few hundred demo
 *    customers who come back) with the same batch write as the local demo seed and the stats
 *    repository's applyTransition, as the OrderStats consumer applies each event, so the
 *    aggregates are those the events would have made.
 * 2. Each round times, one request after another: both routes through the local API gateway
 *    with an admin ID token; the same services called in this process on the aggregates; and
 *    the same services on a "full recomputation": every order queried from GSI3, the overview
 *    cards from `computeOverview` and the days from `recompute`.
 * 3. Prints the median over the rounds of each round's p50, the p99 over every sample, and the
 *    ratio recomputation / aggregates. Nothing is asserted: a local run compares paths, it does
 *    not forecast AWS latencies.
 */
import { Agent } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminAnalyticsResponse, AdminOverviewResponse } from '@linea/shared/contracts/admin';
import type { OrderStatus } from '@linea/shared/domain/order-status';
import type { DayFigures, StatsOrder } from '@linea/shared/domain/order-stats';
import type { LocalCloudEndpoints } from '../../infra/local/cloud';
import type { DemoOrder } from '../../infra/local/seed/demo-orders';
import { ms, percentile } from './stats';

export interface AdminFiguresOptions {
  /** Orders to seed. @default 10_000 */
  readonly orders?: number;
  /** Over how many days before today. @default 730 */
  readonly days?: number;
  /** Timed rounds. @default 5 */
  readonly rounds?: number;
  /** Requests per round on the aggregates, one after another. @default 40 */
  readonly requestsPerRound?: number;
  /** Recomputations per round (each reads every order). @default 3 */
  readonly recomputationsPerRound?: number;
}

const ANALYTICS_DAYS = 90;
const SEED_WORKERS = 8;

type StatsOrderWithStatus = StatsOrder & { readonly status: OrderStatus };

interface Timing {
  /** Each round's samples, ms. */
  readonly rounds: number[][];
  failures: number;
}

const newTiming = (): Timing => ({ rounds: [], failures: 0 });

async function timed(timing: Timing, round: number, times: number, call: () => Promise<unknown>): Promise<void> {
  const samples = (timing.rounds[round] ??= []);
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    try {
      await call();
      samples.push(performance.now() - started);
    } catch {
      timing.failures += 1;
    }
  }
}

interface Summary {
  /** Median over the rounds of each round's p50. */
  readonly p50: number;
  /** p99 of every sample of every round. */
  readonly p99: number;
  readonly roundP50s: number[];
  readonly count: number;
  readonly failures: number;
}

function summarise(timing: Timing): Summary {
  const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
  const roundP50s = timing.rounds.map((samples) => percentile(sorted(samples), 50));
  const all = sorted(timing.rounds.flat());
  return {
    p50: percentile(sorted(roundP50s), 50),
    p99: percentile(all, 99),
    roundP50s,
    count: all.length,
    failures: timing.failures,
  };
}

/** `count` demo orders spread evenly over the `days` before now, with their transitions. */
async function history(count: number, days: number): Promise<DemoOrder[]> {
  const [{ seedCatalogue }, { demoOrders }] = await Promise.all([
    import('../../infra/local/seed/catalogue'),
    import('../../infra/local/seed/demo-orders'),
  ]);
  const now = new Date();
  const byId = new Map<string, DemoOrder>();
  // The generator places a few orders a day; more seeds make a busier shop over the same days.
  // Its customers are the 784 pairings of 28 first and 28 last names: each further seed's are
  // other people of the same names, so that a customer comes back a few times, not a dozen.
  for (let seed = 2026, run = 0; byId.size < count; seed += 1, run += 1) {
    for (const demo of demoOrders(seedCatalogue, { now, days, seed })) {
      const email = run ? demo.order.email.replace('@', `.${run}@`) : demo.order.email;
      byId.set(demo.order.id, { ...demo, order: { ...demo.order, email } });
    }
  }
  const all = [...byId.values()].sort((a, b) => a.order.createdAt.localeCompare(b.order.createdAt));
  return Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]!);
}

/** A fixed shuffle, so that concurrent writers mostly meet different day items. */
function shuffled<T>(list: readonly T[]): T[] {
  const result = [...list];
  let state = 7;
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

interface Seeded {
  readonly orders: number;
  readonly transitions: number;
  readonly byStatus: Record<string, number>;
  readonly firstDay: string;
  readonly lastDay: string;
  readonly customers: number;
  readonly seconds: number;
}

/**
 * Writes the orders as the order repository stores them (`toItem`, batched) and applies every
 * transition through the stats repository's applyTransition, as the OrderStats consumer does.
 */
async function seed(db: DynamoDBDocumentClient, tableName: string, orders: readonly DemoOrder[]): Promise<Seeded> {
  const started = performance.now();
  const [{ batchWriteAll }, { toItem }, { createStatsRepository }] = await Promise.all([
    import('../../functions/data/batch-write'),
    import('../../functions/data/order-repository'),
    import('../../functions/data/stats-repository'),
  ]);
  await batchWriteAll(
    db,
    tableName,
    orders.map(({ order }) => ({ PutRequest: { Item: toItem(order) } })),
  );
  const stats = createStatsRepository(db, () => tableName);
  const queue = shuffled(orders);
  let transitions = 0;
  await Promise.all(
    Array.from({ length: SEED_WORKERS }, async () => {
      for (let next = queue.pop(); next; next = queue.pop()) {
        for (const transition of next.transitions) {
          await stats.applyTransition(next.order.id, next.order, transition);
          transitions += 1;
        }
      }
    }),
  );
  const byStatus: Record<string, number> = {};
  for (const { order } of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
  return {
    orders: orders.length,
    transitions,
    byStatus,
    firstDay: orders[0]!.order.createdAt.slice(0, 10),
    lastDay: orders[orders.length - 1]!.order.createdAt.slice(0, 10),
    customers: new Set(orders.map(({ order }) => order.email)).size,
    seconds: (performance.now() - started) / 1000,
  };
}

export async function adminIdToken(endpoints: LocalCloudEndpoints): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: endpoints.cognitoEndpoint,
    region: endpoints.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: endpoints.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: endpoints.adminEmail, PASSWORD: endpoints.adminPassword },
      }),
    );
    if (!AuthenticationResult?.IdToken) throw new Error('No ID token for the admin');
    return AuthenticationResult.IdToken;
  } finally {
    cognito.destroy();
  }
}

const row = (label: string, s: Summary): string =>
  `  ${label.padEnd(58)} p50 ${ms(s.p50).padStart(10)}   p99 ${ms(s.p99).padStart(10)}   n=${s.count}${
    s.failures ? `, ${s.failures} failed` : ''
  }   (round p50s: ${s.roundP50s.map((v) => v.toFixed(1)).join(' / ')})`;

const ratio = (label: string, slow: Summary, fast: Summary): string =>
  `  ${label.padEnd(58)} p50 ${`${(slow.p50 / fast.p50).toFixed(1)}x`.padStart(10)}   p99 ${`${(
    slow.p99 / fast.p99
  ).toFixed(1)}x`.padStart(10)}`;

/** Seeds the order history, times both admin routes against a full recomputation, prints the figures. */
export async function adminFigures(endpoints: LocalCloudEndpoints, options: AdminFiguresOptions = {}): Promise<void> {
  const count = options.orders ?? 10_000;
  const days = options.days ?? 730;
  const rounds = options.rounds ?? 5;
  const requests = options.requestsPerRound ?? 40;
  const recomputations = options.recomputationsPerRound ?? 3;
  const { apiUrl, dynamodbEndpoint, region, tableName } = endpoints;

  const client = new DynamoDBClient({
    endpoint: dynamodbEndpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: SEED_WORKERS * 2 }) },
  });
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  try {
    console.log(`\nAdmin figures with ${count.toLocaleString('en')} orders over ${days} days:`);
    console.log('  seeding orders and their aggregates (stats repository, as the OrderStats consumer)...');
    const seeded = await seed(db, tableName, await history(count, days));
    const statuses = Object.entries(seeded.byStatus)
      .sort(([, a], [, b]) => b - a)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    console.log(
      `  seeded ${seeded.orders} orders (${seeded.firstDay} to ${seeded.lastDay}; ${statuses}; ${seeded.customers} customer emails) and ${seeded.transitions} transitions in ${seeded.seconds.toFixed(1)} s`,
    );

    // Imported here, not at the top: functions modules build their SDK clients on import, which
    // must happen after the local cloud has set the environment.
    const [
      { createStatsRepository },
      { createProductRepository },
      { queryAllItems },
      { keys },
      { getOverview },
      { getAnalytics },
      { recompute },
      { computeOverview },
    ] = await Promise.all([
      import('../../functions/data/stats-repository'),
      import('../../functions/data/product-repository'),
      import('../../functions/data/query-pages'),
      import('../../functions/data/keys'),
      import('../../functions/services/get-overview'),
      import('../../functions/services/get-analytics'),
      import('@linea/shared/domain/order-stats'),
      import('@linea/shared/domain/stats'),
    ]);
    const products = createProductRepository(db, () => tableName);
    const aggregates = { stats: createStatsRepository(db, () => tableName), products };

    /**
     * The naive path: every order of the shop read from the orders-by-recency index (all pages,
     * only the attributes the figures use), then the same services over figures derived from
     * them. One read per request, shared by the service's calls.
     */
    const recomputed = () => {
      const read = (async () => {
        const items = await queryAllItems(db, {
          TableName: tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.ordersByRecencyPartition().GSI3PK },
          ProjectionExpression: 'createdAt, #total, email, #status, #items',
          ExpressionAttributeNames: { '#total': 'total', '#status': 'status', '#items': 'items' },
        });
        const orders = items as unknown as StatsOrderWithStatus[];
        return { overview: computeOverview(orders), days: [...recompute(orders).values()] };
      })();
      return {
        products,
        stats: {
          ...aggregates.stats,
          async totals() {
            const { overview } = await read;
            return {
              revenue: overview.totalRevenue,
              orders: overview.orderCount,
              customers: overview.customerCount,
            };
          },
          async days(first: string, last: string): Promise<DayFigures[]> {
            return (await read).days
              .filter(({ day }) => day >= first && day <= last)
              .sort((a, b) => a.day.localeCompare(b.day));
          },
        },
      };
    };

    const token = await adminIdToken(endpoints);
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const analyticsPath = `/admin/analytics?days=${ANALYTICS_DAYS}`;

    // The same figures both ways? Printed, not asserted: a mismatch means the seed went wrong.
    const [httpOverview, httpAnalytics, slowOverview, slowAnalytics] = await Promise.all([
      get<AdminOverviewResponse>('/admin/overview'),
      get<AdminAnalyticsResponse>(analyticsPath),
      getOverview(recomputed()),
      getAnalytics(ANALYTICS_DAYS, recomputed()),
    ]);
    const same = (a: unknown, b: unknown) => (isDeepStrictEqual(a, b) ? 'same' : 'DIFFERENT');
    console.log(
      `  aggregates vs recomputation: overview ${same(httpOverview, slowOverview)}, analytics ${same(
        httpAnalytics,
        slowAnalytics,
      )} (${httpOverview.orderCount} paid orders, ${httpOverview.customerCount} customers, CHF ${(
        httpOverview.totalRevenue / 100
      ).toFixed(2)}; last ${ANALYTICS_DAYS} days: ${httpAnalytics.orders} paid orders)`,
    );

    const timings = {
      httpOverview: newTiming(),
      directOverview: newTiming(),
      slowOverview: newTiming(),
      httpAnalytics: newTiming(),
      directAnalytics: newTiming(),
      slowAnalytics: newTiming(),
    };
    console.log(
      `  ${rounds} rounds, one request at a time: ${requests} per round on the aggregates, ${recomputations} recomputations per round...`,
    );
    // A warm-up round, not counted.
    await timed(newTiming(), 0, 5, () => get('/admin/overview'));
    await timed(newTiming(), 0, 5, () => get(analyticsPath));
    await timed(newTiming(), 0, 1, () => getOverview(recomputed()));
    for (let round = 0; round < rounds; round += 1) {
      await timed(timings.httpOverview, round, requests, () => get('/admin/overview'));
      await timed(timings.httpAnalytics, round, requests, () => get(analyticsPath));
      await timed(timings.directOverview, round, requests, () => getOverview(aggregates));
      await timed(timings.directAnalytics, round, requests, () => getAnalytics(ANALYTICS_DAYS, aggregates));
      await timed(timings.slowOverview, round, recomputations, () => getOverview(recomputed()));
      await timed(timings.slowAnalytics, round, recomputations, () => getAnalytics(ANALYTICS_DAYS, recomputed()));
    }
    const s = Object.fromEntries(Object.entries(timings).map(([name, t]) => [name, summarise(t)])) as Record<
      keyof typeof timings,
      Summary
    >;
    console.log(`  (p50: median of the ${rounds} rounds' p50s; p99: over all samples)`);
    console.log(row('GET /admin/overview via the gateway (aggregates)', s.httpOverview));
    console.log(row('getOverview in process (aggregates)', s.directOverview));
    console.log(row('overview by full recomputation (every order)', s.slowOverview));
    console.log(row(`GET ${analyticsPath} via the gateway (aggregates)`, s.httpAnalytics));
    console.log(row(`getAnalytics(${ANALYTICS_DAYS}) in process (aggregates)`, s.directAnalytics));
    console.log(row(`analytics (${ANALYTICS_DAYS} days) by full recomputation`, s.slowAnalytics));
    console.log(ratio('Ratio overview recomputation / gateway', s.slowOverview, s.httpOverview));
    console.log(ratio('Ratio overview recomputation / in process', s.slowOverview, s.directOverview));
    console.log(ratio('Ratio analytics recomputation / gateway', s.slowAnalytics, s.httpAnalytics));
    console.log(ratio('Ratio analytics recomputation / in process', s.slowAnalytics, s.directAnalytics));
  } finally {
    client.destroy();
  }
}
