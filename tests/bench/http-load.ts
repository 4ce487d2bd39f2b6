/**
 * Drives GET load with autocannon in a separate process, so that the load generator does not
 * share an event loop with the gateway and handlers it measures (the local cloud runs them in
 * the benchmark's own process).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LatencySummary } from './stats';

interface AutocannonJson {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannonBin = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

export async function httpLoad(url: string, connections: number, seconds: number): Promise<LatencySummary> {
  const child = spawn(
    process.execPath,
    [autocannonBin(), '-j', '-n', '-c', String(connections), '-d', String(seconds), url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  if (code !== 0) throw new Error(`autocannon exited with code ${code}`);
  const result = JSON.parse(output) as AutocannonJson;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    count: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
