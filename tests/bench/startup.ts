/**
 * How long `npm start` takes until the shop is ready, measured from outside as a person starting
 * it waits: from running the command to the line "LINEA is running", in a data directory of its
 * own and on free ports.
 *
 * Each run is three starts: the very first (a new data directory: table, catalogue, demo orders,
 * every page rendered), a restart after Ctrl-C (SIGTERM) with the data kept, and a restart after
 * the whole command was killed (SIGKILL to its process group; the stand-ins it leaves are ended
 * by the reaper, and the restart waits until their ports are free, a wait not counted).
 *
 * "Ready" must mean the shop answers at its normal speed, not that work still runs behind it: right
 * after the line, the home page, the catalogue page and GET /api/products through the web server
 * are timed once, then ten times more; the first answers are printed beside the later median.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalCloudEndpoints } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { resolvePorts, SERVICES, type Ports } from '../../infra/local/ports';
import { median, percentile } from './stats';

const START_TIMEOUT_MS = 180_000;
const LATER_ROUNDS = 10;
const SHOP_PATHS = ['/', '/products', '/api/products?lang=de'] as const;

interface Started {
  readonly command: ChildProcess;
  readonly readyMs: number;
  /** What the launcher printed about its parts (`[local] start-up: ...`). */
  readonly spans: string;
}

/** `npm start` in its own process group, so that a kill reaches npm, tsx and the launcher alike. */
async function npmStart(ports: Ports, dataDir: string): Promise<Started> {
  const portEnv = Object.fromEntries(
    SERVICES.map((service) => [`LINEA_${service.toUpperCase()}_PORT`, String(ports[service])]),
  );
  const started = performance.now();
  const command = spawn('npm', ['start', '--', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    detached: true,
    env: { ...process.env, ...portEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readyMs = await new Promise<number>((resolveReady, rejectReady) => {
    const timer = setTimeout(
      () => rejectReady(new Error(`npm start was not ready in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('LINEA is running')) {
        clearTimeout(timer);
        resolveReady(performance.now() - started);
      }
    };
    command.stdout?.on('data', collect);
    command.stderr?.on('data', collect);
    command.once('exit', (code, signal) => {
      clearTimeout(timer);
      rejectReady(new Error(`npm start exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  command.removeAllListeners('exit');
  return { command, readyMs, spans: /\[local\] start-up: (.*)/.exec(output)?.[1] ?? '' };
}

async function stop(command: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const exited = new Promise<void>((resolveExit) => command.once('exit', () => resolveExit()));
  process.kill(-(command.pid as number), signal);
  await exited;
}

/** Until every port can be bound again (what a killed launcher's stand-ins held). */
async function portsFree(ports: Ports): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      await resolvePorts(ports);
      return performance.now() - started;
    } catch {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
    }
  }
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/** Milliseconds of each shop path: right after ready, and the median of the rounds after. */
async function shopSpeed(webUrl: string): Promise<{ first: number[]; later: number[] }> {
  const first: number[] = [];
  for (const path of SHOP_PATHS) first.push(await timedGet(`${webUrl}${path}`));
  const rounds: number[][] = SHOP_PATHS.map(() => []);
  for (let round = 0; round < LATER_ROUNDS; round += 1)
    for (const [index, path] of SHOP_PATHS.entries()) rounds[index]?.push(await timedGet(`${webUrl}${path}`));
  return {
    first,
    later: rounds.map((times) =>
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      ),
    ),
  };
}

interface Measured {
  readonly readyMs: number;
  readonly first: number[];
  readonly later: number[];
  readonly spans: string;
}

async function measure(ports: Ports, dataDir: string): Promise<{ command: ChildProcess; measured: Measured }> {
  const { command, readyMs, spans } = await npmStart(ports, dataDir);
  const endpoints = JSON.parse(readFileSync(join(dataDir, 'local-endpoints.json'), 'utf8')) as LocalCloudEndpoints;
  const speed = await shopSpeed(endpoints.webUrl);
  return { command, measured: { readyMs, spans, ...speed } };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export async function startup(runs = 3): Promise<void> {
  console.log(`\nStart-up of npm start, measured from outside (${runs} runs; free ports, a new data directory each):`);
  // The bench's own first fetch loads Node's HTTP client; that is not the shop's time.
  await (await fetch('data:text/plain,warm')).text();
  const kinds = ['first start (new data, demo orders)', 'restart after Ctrl-C (data kept)', 'restart after SIGKILL'];
  const results: Measured[][] = kinds.map(() => []);
  for (let run = 1; run <= runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'linea-bench-startup-'));
    try {
      const ports = await resolvePorts({});
      const first = await measure(ports, dataDir);
      await stop(first.command, 'SIGTERM');
      const restart = await measure(ports, dataDir);
      await stop(restart.command, 'SIGKILL');
      const waitedMs = await portsFree(ports);
      const afterKill = await measure(ports, dataDir);
      await stop(afterKill.command, 'SIGTERM');
      for (const [index, result] of [first, restart, afterKill].entries()) results[index]?.push(result.measured);
      console.log(
        `  run ${run}: ${seconds(first.measured.readyMs)}, ${seconds(restart.measured.readyMs)}, ${seconds(afterKill.measured.readyMs)} (ports free ${seconds(waitedMs)} after the kill; load ${loadavg()[0]?.toFixed(1)})`,
      );
      console.log(`    first start's parts: ${first.measured.spans}`);
      console.log(`    restart's parts:     ${restart.measured.spans}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ms = (value: number): string => `${Math.round(value)} ms`;
  console.log(
    `\n  ${'median of each'.padEnd(40)} ${'ready'.padStart(8)}   first answers after ready (${SHOP_PATHS.join(', ')})   later (median)`,
  );
  for (const [index, kind] of kinds.entries()) {
    const measured = results[index] ?? [];
    const column = (pick: (m: Measured) => number[]): string =>
      SHOP_PATHS.map((_, path) => ms(median(measured.map((m) => pick(m)[path] ?? Number.NaN)))).join(' / ');
    console.log(
      `  ${kind.padEnd(40)} ${seconds(median(measured.map((m) => m.readyMs))).padStart(8)}   ${column((m) => m.first).padEnd(36)}   ${column((m) => m.later)}`,
    );
  }
}
