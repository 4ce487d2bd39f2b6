/**
 * The shop under a mixed load (issue "Hardening", load held): 60 s at 50 connections against the
 * local cloud (loopback only) of catalogue reads, product pages, wishlist adds and removes and
 * checkouts through the Stripe stand-in, and in the middle of it 20 checkouts racing for the
 * last 5 units of one product. Prints p50 and p99 per route, and judges what must hold whatever
 * the machine: no answer but the expected ones (the race's 409s), exactly 5 orders for the
 * scarce product, its stock never below 0 (sampled throughout). A broken promise fails the
 * bench; the timings are only printed.
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import type { LocalCloudEndpoints } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { createProductRepository, type Product } from '../../functions/data/product-repository';
import { routes } from '../../functions/routes';
import { aProduct } from '../fixtures/products';
import { adminIdToken } from './admin-figures';
import { EXPECTED_STATUSES, type LoadMixPlan, type LoadMixResults, type Operation } from './load-mix-plan';
import { ms, percentile } from './stats';

const CONNECTIONS = 50;
const SECONDS = 60;
const RACE_AT_SECONDS = 20;
const RACE_SIZE = 20;
const SCARCE_STOCK = 5;
const STOCK_SAMPLE_MS = 50;

export interface LoadMixVerdict {
  readonly broken: string[];
}

/** Half the checkout route's own rate: the mix measures the shop, not its throttle. */
function checkoutPace(): number {
  const route = routes.find((candidate) => candidate.method === 'POST' && candidate.path === '/checkout');
  return Math.max(1, Math.floor((route?.throttle?.rateLimit ?? 20) / 2));
}

function arrangedProduct(id: string, stockQuantity: number): Product {
  return aProduct({
    id,
    name: `Load ${id}`,
    description: 'Arranged by the load benchmark',
    stockQuantity,
    sizes: ['M'],
    colors: ['Black'],
    images: [],
    createdAt: new Date().toISOString(),
  });
}

function drive(plan: LoadMixPlan): Promise<LoadMixResults> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'tests', 'bench', 'load-mix-driver.ts'), JSON.stringify(plan)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load driver exited with code ${code}`));
      else resolve(JSON.parse(output) as LoadMixResults);
    });
  });
}

export async function loadMix(endpoints: LocalCloudEndpoints): Promise<LoadMixVerdict> {
  const { apiUrl, dynamodbEndpoint, region, tableName } = endpoints;
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamodbEndpoint,
      region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      requestHandler: { httpAgent: new Agent({ keepAlive: true }) },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const products = createProductRepository(db, () => tableName);
  const run = Date.now().toString(36);
  const ample = arrangedProduct(`load-ample-${run}`, 1_000_000);
  const scarce = arrangedProduct(`load-scarce-${run}`, SCARCE_STOCK);
  await products.put(ample);
  await products.put(scarce);
  const catalogue = (await (await fetch(`${apiUrl}/products`)).json()) as { items: { id: string }[] };

  const stockOf = async (productId: string): Promise<number> => {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' } }),
    );
    return Number(Item?.stockQuantity);
  };
  let lowestStock = SCARCE_STOCK;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      lowestStock = Math.min(lowestStock, await stockOf(scarce.id));
      await sleep(STOCK_SAMPLE_MS);
    }
  })();

  const plan: LoadMixPlan = {
    apiUrl,
    idToken: await adminIdToken(endpoints),
    productIds: catalogue.items.map((item) => item.id),
    ampleProductId: ample.id,
    scarceProductId: scarce.id,
    connections: CONNECTIONS,
    seconds: SECONDS,
    raceAtSeconds: RACE_AT_SECONDS,
    raceSize: RACE_SIZE,
    checkoutsPerSecond: checkoutPace(),
  };
  console.log(
    `\nMixed load: ${CONNECTIONS} connections for ${SECONDS} s (catalogue, product pages, wishlist, checkouts at ` +
      `${plan.checkoutsPerSecond}/s), and at ${RACE_AT_SECONDS} s ${RACE_SIZE} checkouts racing for the last ${SCARCE_STOCK} units of one product`,
  );
  let results: LoadMixResults;
  try {
    results = await drive(plan);
  } finally {
    sampling = false;
    await sampler;
  }

  const broken: string[] = [];
  console.log(
    `  ${'route'.padEnd(32)} ${'requests'.padStart(8)}  ${'p50'.padStart(9)}  ${'p99'.padStart(9)}  statuses`,
  );
  for (const [operation, result] of Object.entries(results) as [Operation, LoadMixResults[Operation]][]) {
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const statuses = Object.entries(result.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const network = result.networkErrors ? ` network errors×${result.networkErrors}` : '';
    console.log(
      `  ${operation.padEnd(32)} ${String(sorted.length).padStart(8)}  ${ms(percentile(sorted, 50)).padStart(9)}  ${ms(percentile(sorted, 99)).padStart(9)}  ${statuses}${network}`,
    );
    const unexpected = Object.entries(result.statuses).filter(
      ([status]) => !EXPECTED_STATUSES[operation].includes(Number(status)),
    );
    if (unexpected.length > 0 || result.networkErrors > 0) {
      broken.push(`${operation}: unexpected answers ${unexpected.map(([s, n]) => `${s}×${n}`).join(' ')}${network}`);
    }
  }

  const raceSold = results['POST /checkout (race)'].statuses['201'] ?? 0;
  let scarceOrders = 0;
  for await (const page of paginateScan(
    { client: db },
    { TableName: tableName, FilterExpression: 'SK = :order', ExpressionAttributeValues: { ':order': 'ORDER' } },
  )) {
    for (const item of page.Items ?? []) {
      const lines = (item.items ?? []) as { productId?: string }[];
      if (lines.some((line) => line.productId === scarce.id)) scarceOrders += 1;
    }
  }
  const finalStock = await stockOf(scarce.id);
  lowestStock = Math.min(lowestStock, finalStock);
  console.log(
    `  the race: ${raceSold} of ${RACE_SIZE} checkouts sold, ${scarceOrders} orders hold the scarce product, ` +
      `its stock ${finalStock} at the end and never below ${lowestStock} (sampled every ${STOCK_SAMPLE_MS} ms)`,
  );
  if (raceSold !== SCARCE_STOCK) broken.push(`the race sold ${raceSold} units, not ${SCARCE_STOCK}`);
  if (scarceOrders !== SCARCE_STOCK) broken.push(`${scarceOrders} orders hold the scarce product, not ${SCARCE_STOCK}`);
  if (lowestStock < 0) broken.push(`the scarce product's stock went down to ${lowestStock}`);
  db.destroy();
  console.log(broken.length === 0 ? '  held: every promise kept' : `  BROKEN:\n    ${broken.join('\n    ')}`);
  return { broken };
}
