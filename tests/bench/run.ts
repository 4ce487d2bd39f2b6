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
 * 5. The shop under a mixed load (load-mix.ts): 60 s at 50 connections of catalogue reads,
 *    product pages, wishlist changes and checkouts, with 20 checkouts racing for the last 5 units
 *    of one product: p50/p99 per route, and the bench fails if an answer other than the expected
 *    ones comes, the race sells other than 5, or the stock goes below 0.
 * 6. Runs `cdk synth` of the stack the README deploys (stage dev) into a new temporary directory
 *    and prints its resources against CloudFormation's 500, then each Lambda bundle once: its
 *    minified size against its budget (budgets.ts, the figures the infra test enforces), and the
 *    median of 5 cold imports of its index.mjs, each in a fresh `node` with `--enable-source-maps`
 *    as Lambda's NODE_OPTIONS has it, one at a time, against the bar of who waits for it; and the
 *    functions a shopper's journey touches. Always a fresh synth: a cdk.out left from older code
 *    would report bundles that no longer exist.
 *
 * 7. `npm start` from outside (startup.ts): the first start in a new data directory, a restart
 *    with the data kept and one after a SIGKILL, until the shop is ready, and whether it then
 *    answers at its normal speed. The README's start-up figures are these.
 *
 * `npm run bench:api -- --bundles` runs step 6 alone; `-- --load` runs step 5 alone;
 * `-- --startup` runs step 7 alone.
 *
 * Local numbers compare paths on one machine; they are not a forecast of AWS latencies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { findRoute } from '../../functions/routes';
import { adminFigures } from './admin-figures';
import {
  BUNDLE_BUDGETS,
  bundleBudget,
  COLD_IMPORT_BARS_MS,
  formatBytes,
  overBudget,
  SHOPPER_JOURNEY,
  staleExceptions,
  waitingCaller,
} from './budgets';
import { BENCH_STAGE, bundleSizes, coldImport, mapLimited, resourceCounts, synth } from './bundles';
import { directQueryLoad } from './direct-query';
import { httpLoad } from './http-load';
import { loadMix } from './load-mix';
import { startup } from './startup';
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

const COLD_IMPORT_RUNS = 5;

async function bundles(): Promise<void> {
  // Outside the repository, as in Lambda: a bundle that imports a package it did not bundle must
  // fail here too, not find it in the repository's node_modules.
  const cdkOut = mkdtempSync(join(tmpdir(), 'linea-bench-cdk-'));
  try {
    console.log(`\nLambda bundles (cdk synth of the stage-dev stack, as NodejsFunction built them):`);
    console.log('  running cdk synth...');
    const result = await synth(REPO_ROOT, cdkOut);
    if (!result.ok) {
      console.log(
        `  skipped: the CDK app did not synthesise, so there are no bundles to measure.\n  ${result.reason.replace(/\n/g, '\n  ')}`,
      );
      return;
    }
    const resources = resourceCounts(cdkOut, `linea-${BENCH_STAGE}`);
    console.log(
      `  linea-${BENCH_STAGE}: ${resources.total} of CloudFormation's 500 resources (${resources.byType
        .slice(0, 6)
        .map(([type, count]) => `${count} ${type.replace(/^AWS::/, '')}`)
        .join(', ')}, ...)\n`,
    );
    const sizes = bundleSizes(cdkOut);
    if (sizes.length === 0) {
      console.log('  skipped: the assembly has no Lambda function assets (is the CDK app complete?)');
      return;
    }
    // One at a time: two imports at once on a 2-core machine would each read slower than a cold start is.
    console.log(
      `  timing ${COLD_IMPORT_RUNS} cold imports of each, one at a time (node ${process.version}, ${process.platform}-${process.arch}, ${cpus().length} cores)...\n`,
    );
    const imports = await mapLimited(sizes, 1, (size) => coldImport(size, COLD_IMPORT_RUNS));
    console.log(
      `  ${'function (functions/…)'.padEnd(40)} ${'minified'.padStart(10)} ${'gzipped'.padStart(10)} ${'budget'.padStart(9)}  ${'import (median)'.padStart(15)} ${'bar'.padStart(7)}`,
    );
    const over: string[] = [];
    const slow: string[] = [];
    for (const [index, size] of sizes.entries()) {
      const name = size.handlerModule ?? size.function;
      const budget = size.handlerModule ? bundleBudget(size.handlerModule) : undefined;
      const breach = size.handlerModule
        ? overBudget({
            name: size.function,
            handlerModule: size.handlerModule,
            file: `${size.asset}/${size.file}`,
            bytes: size.bytes,
          })
        : undefined;
      if (breach) over.push(breach);
      const timing = imports[index];
      const caller = size.handlerModule ? waitingCaller(size.handlerModule) : undefined;
      const bar = caller ? COLD_IMPORT_BARS_MS[caller] : undefined;
      const tooSlow = bar !== undefined && timing !== undefined && 'medianMs' in timing && timing.medianMs > bar;
      if (tooSlow) slow.push(`${name}: ${timing.medianMs.toFixed(1)} ms, over the ${caller}'s ${bar} ms`);
      const time = timing && 'medianMs' in timing ? `${timing.medianMs.toFixed(1)} ms` : '-';
      const flags = [
        breach ? 'OVER BUDGET' : budget?.reason ? `exception: ${budget.reason}` : '',
        tooSlow ? 'SLOW' : '',
        size.minified ? '' : 'NOT minified',
        timing && 'reason' in timing ? timing.reason : '',
      ].filter(Boolean);
      console.log(
        `  ${name.padEnd(40)} ${kib(size.bytes).padStart(10)} ${kib(size.gzipBytes).padStart(10)} ${(budget ? kib(budget.maxBytes).replace(' KiB', '') : '-').padStart(9)}  ${time.padStart(15)} ${(bar ? `${bar} ms` : '-').padStart(7)}${flags.length ? `  ${flags.join('; ')}` : ''}`,
      );
    }
    const shop = sizes.filter((size) => size.handlerModule);
    const within = shop.filter((size) => size.bytes <= BUNDLE_BUDGETS.defaultMaxBytes).length;
    console.log(
      `\n  ${shop.length} functions: ${within} within ${formatBytes(BUNDLE_BUDGETS.defaultMaxBytes)}, ${Object.keys(BUNDLE_BUDGETS.exceptions).length} with an exception, ${over.length} over their budget.`,
    );
    for (const breach of over) console.log(`  OVER BUDGET: ${breach}`);
    const measured = new Map(shop.map((size) => [size.handlerModule as string, size.bytes]));
    for (const stale of staleExceptions(measured)) console.log(`  STALE EXCEPTION: ${stale}`);
    for (const late of slow) console.log(`  SLOW COLD START: ${late}`);
    const journey = [...new Set(SHOPPER_JOURNEY.map((key) => findRoute(key)?.area).filter(Boolean))];
    console.log(
      `\n  A shopper's journey (${SHOPPER_JOURNEY.join(', ')}) touches ${journey.length} functions: ${journey
        .map((area) => `areas/${String(area)}`)
        .join(', ')}.`,
    );
  } finally {
    rmSync(cdkOut, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--bundles')) {
    await bundles();
    return;
  }
  if (process.argv.includes('--startup')) {
    await startup();
    return;
  }
  const loadOnly = process.argv.includes('--load');
  const cloud = await startLocalCloud({ quiet: true });
  console.log(`Local cloud ready in ${(cloud.startupMs / 1000).toFixed(1)} s`);
  let held: boolean;
  try {
    if (!loadOnly) {
      await latencies(cloud);
      await adminFigures(cloud.endpoints);
    }
    held = (await loadMix(cloud.endpoints)).broken.length === 0;
  } finally {
    await cloud.stop();
  }
  if (!loadOnly) {
    await bundles();
    await startup();
  }
  if (!held) throw new Error('The mixed load broke a promise (above)');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
