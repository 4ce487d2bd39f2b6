/**
 * `npm run bench`: how much the HTTP path costs on top of the data it serves, and how big the
 * Lambda bundles are.
 *
 * 1. Starts the local cloud (in memory, free ports), warms up, then drives GET /products
 *    through the local API gateway with autocannon (50 connections, 10 s).
 * 2. In the same run, reads the same data straight from DynamoDB Local with the repository's
 *    GSI1 query, 50 concurrent callers for 10 s.
 * 3. Prints p50/p99 of both and their ratio.
 * 4. Seeds 10,000 orders over two years with their per-day aggregates and times GET
 *    /admin/overview and GET /admin/analytics?days=90 beside a full recomputation from every
 *    order (admin-figures.ts).
 * 5. Runs `cdk synth` and prints each Lambda bundle's size from cdk.out. Always a fresh synth: a
 *    cdk.out left from older code would report bundles that no longer exist.
 *
 * Local numbers compare paths on one machine; they are not a forecast of AWS latencies.
 */
import { join } from 'node:path';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { adminFigures } from './admin-figures';
import { bundleSizes, synth } from './bundles';
import { directQueryLoad } from './direct-query';
import { httpLoad } from './http-load';
import { ms, type LatencySummary } from './stats';

const CONNECTIONS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;

function line(label: string, result: LatencySummary, unit: string): string {
  const failures = result.failures ? `, ${result.failures} failed` : '';
  return `${label.padEnd(44)} p50 ${ms(result.p50).padStart(9)}   p99 ${ms(result.p99).padStart(9)}   ${Math.round(result.perSecond)} ${unit}/s${failures}`;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

async function latencies(cloud: LocalCloud): Promise<void> {
  const { apiUrl, dynamodbEndpoint, region, tableName } = cloud.endpoints;
  const url = `${apiUrl}/products`;
  console.log(`Warming up for ${WARM_UP_SECONDS} s...`);
  await httpLoad(url, CONNECTIONS, WARM_UP_SECONDS);
  await directQueryLoad({ endpoint: dynamodbEndpoint, region, tableName }, CONNECTIONS, WARM_UP_SECONDS);

  console.log(`Measuring for ${SECONDS} s each, ${CONNECTIONS} concurrent...\n`);
  const viaGateway = await httpLoad(url, CONNECTIONS, SECONDS);
  const direct = await directQueryLoad({ endpoint: dynamodbEndpoint, region, tableName }, CONNECTIONS, SECONDS);

  console.log(line('GET /products via the local API gateway', viaGateway, 'req'));
  console.log(line('Direct DynamoDB Query (GSI1, repository)', direct, 'queries'));
  console.log(
    `${'Ratio gateway / direct'.padEnd(44)} p50 ${`${(viaGateway.p50 / direct.p50).toFixed(2)}x`.padStart(9)}   p99 ${`${(
      viaGateway.p99 / direct.p99
    ).toFixed(2)}x`.padStart(9)}`,
  );
}

async function bundles(): Promise<void> {
  const cdkOut = join(REPO_ROOT, 'cdk.out');
  console.log('\nLambda bundles (cdk.out, as NodejsFunction built them):');
  console.log('  running cdk synth...');
  const result = await synth(REPO_ROOT);
  if (!result.ok) {
    console.log(
      `  skipped: the CDK app did not synthesise, so there are no bundles to measure.\n  ${result.reason.replace(/\n/g, '\n  ')}`,
    );
    return;
  }
  const sizes = bundleSizes(cdkOut);
  if (sizes.length === 0) {
    console.log('  skipped: cdk.out has no Lambda function assets (is the CDK app complete?)');
    return;
  }
  for (const size of sizes) {
    console.log(
      `  ${size.function.padEnd(56)} ${kib(size.bytes).padStart(10)}  (${kib(size.gzipBytes)} gzipped${size.minified ? '' : ', NOT minified'}, ${size.asset}/${size.file})`,
    );
  }
}

async function main(): Promise<void> {
  const cloud = await startLocalCloud({ quiet: true });
  console.log(`Local cloud ready in ${(cloud.startupMs / 1000).toFixed(1)} s`);
  try {
    await latencies(cloud);
    await adminFigures(cloud.endpoints);
  } finally {
    await cloud.stop();
  }
  await bundles();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
