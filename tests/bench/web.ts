/**
 * Web benchmark: what a first visit downloads, and what Lighthouse measures, on the production
 * build served by the local cloud.
 *
 *   npx tsx tests/bench/web.ts
 *
 * 1. Builds web/ when web/dist is missing or older than its sources.
 * 2. Prints raw and gzip (level 9) sizes of the entry chunk, of the entry plus its modulepreload
 *    chunks (the JavaScript a first visit fetches before it can render) and of the CSS, then the
 *    budgeted figures against WEB_BUDGETS (web/build/budgets.ts, the check `npm run build` ends with).
 * 3. Starts the local cloud in memory and runs Lighthouse 12 (default config: mobile emulation,
 *    simulated throttling) RUNS times per page in a fresh headless Chromium each time, and prints
 *    the median per category score and metric, plus the spread of the performance score.
 *
 * Lighthouse is a measurement, not a test: no thresholds (timings vary by machine). Chromium and the cloud are always stopped, also on
 * errors and signals. CHROME_PATH overrides the browser (default /usr/bin/chromium).
 * LIGHTHOUSE_REPORTS_DIR, when set, keeps each run's full report there as JSON (to see, say,
 * what the LCP element waited for).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Flags, Result } from 'lighthouse';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { DEFAULT_WEB_DIST, REPO_ROOT, WEB_DIR } from '../../infra/local/paths';
import { ProcessGroup } from '../../infra/local/processes';
import {
  budgetTable,
  formatKiB,
  judgeWebFigures,
  measureWebDist,
  sizeOf,
  type WebBudgetName,
  type WebFigure,
} from '../../web/build/budgets';
import { paths } from '../../web/src/config/paths';
import { CHROMIUM_FLAGS, CHROMIUM_PATH as CHROME_PATH } from '../fixtures/chromium';

const RUNS = 3;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_START_TIMEOUT_MS = 30_000;
const CLEANUP_TIMEOUT_MS = 20_000;
/** Chromium profiles are named with our pid, so a later run can remove those of a killed one. */
const PROFILE_PREFIX = 'linea-bench-chrome-';

// ---------------------------------------------------------------------------------------------
// What is running, so that cleanup (normal end, error or signal) can stop it.

let buildChild: ChildProcess | undefined;
let cloudStarting: Promise<LocalCloud> | undefined;
let chrome: { group: ProcessGroup; userDataDir: string } | undefined;
let lighthouseWorker: LighthouseWorker | undefined;

async function stopChrome(): Promise<void> {
  const current = chrome;
  chrome = undefined;
  if (!current) return;
  await current.group.stopAll();
  rmSync(current.userDataDir, { recursive: true, force: true });
}

async function cleanup(): Promise<void> {
  if (buildChild && buildChild.exitCode === null) buildChild.kill('SIGTERM');
  await lighthouseWorker?.close();
  lighthouseWorker = undefined;
  await stopChrome().catch((err: unknown) => console.error(`[bench:web] stopping Chromium: ${String(err)}`));
  const cloud = await cloudStarting?.catch(() => undefined);
  cloudStarting = undefined;
  await cloud?.stop().catch((err: unknown) => console.error(`[bench:web] stopping the local cloud: ${String(err)}`));
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, sleep(ms, undefined, { ref: false })]);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    const code = 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
    if (interrupted) process.exit(code); // a second signal: do not wait any longer
    interrupted = true;
    console.error(`\n[bench:web] ${signal}: stopping Chromium and the local cloud…`);
    void withTimeout(cleanup(), CLEANUP_TIMEOUT_MS).finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------
// 1. A current production build.

/** Files whose change changes the build (tests beside the code do not). */
function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path) && stat.mtimeMs > newest.mtimeMs) {
      newest = { file: path, mtimeMs: stat.mtimeMs };
    }
  };
  for (const path of ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']) visit(join(WEB_DIR, path));
  visit(join(REPO_ROOT, 'shared')); // bundled into the app as @linea/shared
  return newest;
}

async function ensureBuild(): Promise<void> {
  const builtAt = join(DEFAULT_WEB_DIST, 'index.html');
  const source = newestSource();
  let reason: string | undefined;
  if (!existsSync(builtAt)) reason = 'web/dist is missing';
  else if (source.mtimeMs > statSync(builtAt).mtimeMs) reason = `${relative(REPO_ROOT, source.file)} is newer`;
  if (!reason) return;

  const viteBin = join(
    dirname(createRequire(join(WEB_DIR, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  console.log(`Building web/ (${reason})…`);
  const started = performance.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolveBuild, rejectBuild) => {
    const child = spawn(process.execPath, [viteBin, 'build'], { cwd: WEB_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    buildChild = child;
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', rejectBuild);
    child.on('exit', resolveBuild);
  });
  buildChild = undefined;
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output.join('')}`);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

// ---------------------------------------------------------------------------------------------
// 2. What a first visit downloads before render.

const kib = formatKiB;

/** The budgeted figures (web/build/budgets.ts, the same check as `npm run build`), per file and against their budgets. */
function printBundle(): void {
  const { figures } = measureWebDist(DEFAULT_WEB_DIST);
  const pick = (budget: WebBudgetName): WebFigure[] => figures.filter((f) => f.budget === budget);
  const [js] = pick('beforeRender');
  const [css] = pick('blockingCss');
  if (!js || !css) throw new Error('measureWebDist returned no JavaScript before render or no render-blocking CSS');
  const html = sizeOf(DEFAULT_WEB_DIST, 'index.html');
  const rows: Array<[string, string, number, number]> = [
    ...js.files.map((a, i): [string, string, number, number] => [i ? 'preload' : 'entry', a.file, a.raw, a.gzip]),
    ['', `JS before render (entry + ${js.files.length - 1} preloads)`, js.raw, js.gzip],
    ...css.files.map((a): [string, string, number, number] => ['css', a.file, a.raw, a.gzip]),
    ['html', html.file, html.raw, html.gzip],
    ['', 'first visit before render (HTML + JS + CSS)', html.raw + js.raw + css.raw, html.gzip + js.gzip + css.gzip],
  ];
  const width = Math.max(...rows.map((r) => r[1].length));
  console.log(
    `Web bundle (web/dist, built ${statSync(join(DEFAULT_WEB_DIST, 'index.html')).mtime.toISOString()}; gzip level 9)`,
  );
  console.log(`  ${''.padEnd(8)}${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const [kind, file, raw, gzip] of rows) {
    console.log(`  ${kind.padEnd(8)}${file.padEnd(width)}  ${kib(raw).padStart(10)}  ${kib(gzip).padStart(10)}`);
  }
  console.log(`  entry chunk alone: ${kib(js.files[0]?.gzip ?? 0)} gzip (${kib(js.files[0]?.raw ?? 0)} raw)\n`);

  console.log('Against the budgets (web/build/budgets.ts; `npm run build` fails over a ceiling):');
  for (const line of budgetTable(figures)) console.log(`  ${line}`);
  const { breaches, warnings } = judgeWebFigures(figures);
  for (const line of [...breaches.map((b) => `OVER: ${b}`), ...warnings]) console.log(`  - ${line}`);
  console.log('');
}

// ---------------------------------------------------------------------------------------------
// 3. Lighthouse in a fresh Chromium per run.

/**
 * Lighthouse runs in a worker thread: its trace processing keeps an event loop busy for seconds,
 * and tsx's CLI SIGKILLs its child when the child does not acknowledge a signal within 30 ms,
 * which would leave no chance to stop anything. The main thread stays free to answer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.lighthouseUrl);
parentPort.on('message', async ({ url, flags }) => {
  try {
    const { default: lighthouse } = await ready;
    const result = await lighthouse(url, flags);
    parentPort.postMessage({ lhr: result ? JSON.stringify(result.lhr) : undefined });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack || err) });
  }
});
`;

class LighthouseWorker {
  private readonly worker: Worker;
  private pending: { resolve: (lhr: Result) => void; reject: (err: Error) => void } | undefined;

  constructor() {
    const lighthouseUrl = pathToFileURL(createRequire(import.meta.url).resolve('lighthouse')).href;
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { lighthouseUrl } });
    this.worker.on('message', (message: { lhr?: string; error?: string }) => {
      const pending = this.pending;
      this.pending = undefined;
      if (message.lhr) pending?.resolve(JSON.parse(message.lhr) as Result);
      else pending?.reject(new Error(message.error ?? 'Lighthouse returned no result'));
    });
    const fail = (err: Error): void => {
      this.pending?.reject(err);
      this.pending = undefined;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the Lighthouse worker exited (code ${code})`)));
  }

  run(url: string, flags: Flags): Promise<Result> {
    if (this.pending) throw new Error('one Lighthouse run at a time');
    return new Promise<Result>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ url, flags });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Profiles left behind by a run that was killed outright (its pid is gone). */
function removeStaleProfiles(): void {
  for (const entry of readdirSync(tmpdir())) {
    const pid = Number(entry.startsWith(PROFILE_PREFIX) ? entry.slice(PROFILE_PREFIX.length).split('-')[0] : NaN);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') {
        rmSync(join(tmpdir(), entry), { recursive: true, force: true });
      }
    }
  }
}

async function launchChrome(): Promise<number> {
  const userDataDir = mkdtempSync(join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
  const group = new ProcessGroup();
  chrome = { group, userDataDir };
  const child = group.spawn({
    name: 'chromium',
    command: CHROME_PATH,
    args: [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    cwd: userDataDir,
    env: process.env,
  });
  // With port 0 Chromium picks a free port and writes it to DevToolsActivePort.
  const portFile = join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + CHROME_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.hasExited()) throw new Error(`Chromium exited at start. Its last output:\n${child.tail()}`);
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return port;
    await sleep(50);
  }
  throw new Error(`Chromium did not open its DevTools port in ${CHROME_START_TIMEOUT_MS} ms:\n${child.tail()}`);
}

async function lighthouseRun(url: string): Promise<Result> {
  const port = await launchChrome();
  try {
    lighthouseWorker ??= new LighthouseWorker();
    const flags: Flags = { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] };
    return await lighthouseWorker.run(url, flags);
  } finally {
    await stopChrome();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The values present (a failed run has null scores); median and range over them. */
function stats(values: ReadonlyArray<number | null | undefined>): { median: number; min: number; max: number } | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  return { median: median(present), min: Math.min(...present), max: Math.max(...present) };
}

const score = (lhr: Result, id: string): number | null => {
  const value = lhr.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};
const metric = (lhr: Result, id: string): number | null => lhr.audits[id]?.numericValue ?? null;

interface PageSpec {
  readonly label: string;
  readonly path: string;
}

function printTable(pages: readonly PageSpec[], results: Map<string, Result[]>): void {
  const columns: Array<{ title: string; value: (lhr: Result) => number | null; format: (v: number) => string }> = [
    { title: 'perf', value: (l) => score(l, 'performance'), format: (v) => String(Math.round(v)) },
    { title: 'a11y', value: (l) => score(l, 'accessibility'), format: (v) => String(Math.round(v)) },
    { title: 'best-pr', value: (l) => score(l, 'best-practices'), format: (v) => String(Math.round(v)) },
    { title: 'seo', value: (l) => score(l, 'seo'), format: (v) => String(Math.round(v)) },
    { title: 'LCP', value: (l) => metric(l, 'largest-contentful-paint'), format: (v) => `${(v / 1000).toFixed(2)} s` },
    { title: 'TBT', value: (l) => metric(l, 'total-blocking-time'), format: (v) => `${Math.round(v)} ms` },
    { title: 'CLS', value: (l) => metric(l, 'cumulative-layout-shift'), format: (v) => v.toFixed(3) },
    { title: 'FCP', value: (l) => metric(l, 'first-contentful-paint'), format: (v) => `${(v / 1000).toFixed(2)} s` },
  ];
  const labelWidth = Math.max(4, ...pages.map((p) => p.label.length));
  const cell = 9;
  console.log(
    `\n  ${'page'.padEnd(labelWidth)}${columns.map((c) => c.title.padStart(cell)).join('')}${'perf min–max'.padStart(15)}`,
  );
  for (const page of pages) {
    const lhrs = results.get(page.label) ?? [];
    const cells = columns.map((c) => {
      const s = stats(lhrs.map(c.value));
      return (s ? c.format(s.median) : 'n/a').padStart(cell);
    });
    const perf = stats(lhrs.map((l) => score(l, 'performance')));
    const spread = perf ? `${perf.min}–${perf.max}` : 'n/a';
    console.log(`  ${page.label.padEnd(labelWidth)}${cells.join('')}${spread.padStart(15)}`);
  }
}

async function firstProductId(apiUrl: string): Promise<string | undefined> {
  const response = await fetch(`${apiUrl}/products`);
  if (!response.ok) throw new Error(`GET ${apiUrl}/products answered ${response.status}`);
  const body = (await response.json()) as { items?: Array<{ id?: unknown }> };
  const id = body.items?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  removeStaleProfiles();

  await ensureBuild();
  printBundle();

  console.log('Starting the local cloud (in memory)…');
  cloudStarting = startLocalCloud({
    quiet: true,
    onCrash: (error) => {
      // On a signal the stand-ins are ended before stop(); that is no crash worth repeating.
      if (!interrupted) console.error(`[bench:web] the local cloud broke during the run: ${error.message}`);
    },
  });
  const cloud = await cloudStarting;
  const { webUrl, apiUrl } = cloud.endpoints;
  console.log(`Local cloud ready in ${(cloud.startupMs / 1000).toFixed(1)} s at ${webUrl}`);

  const productId = await firstProductId(apiUrl);
  const pages: PageSpec[] = [
    { label: paths.home.getHref(), path: paths.home.getHref() },
    { label: paths.products.getHref(), path: paths.products.getHref() },
  ];
  if (productId) pages.push({ label: paths.product.path, path: paths.product.getHref(productId) });
  else console.log('No products in the catalogue: the product page is skipped.');

  // One unmeasured request per page and API call, so no run pays for a first touch.
  for (const page of pages) await (await fetch(`${webUrl}${page.path}`)).arrayBuffer();
  if (productId) await (await fetch(`${apiUrl}/products/${encodeURIComponent(productId)}`)).arrayBuffer();

  console.log(
    `Lighthouse: ${RUNS} runs × ${pages.length} pages, default config (mobile, simulated throttling), ${CATEGORIES.join(', ')}`,
  );
  if (productId) console.log(`  ${paths.product.path} = ${paths.product.getHref(productId)}`);
  const results = new Map<string, Result[]>(pages.map((p) => [p.label, []]));
  const warnings = new Set<string>();
  // Runs interleave the pages, so drift on the machine spreads over all of them alike.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const runStarted = performance.now();
      const lhr = await lighthouseRun(`${webUrl}${page.path}`);
      results.get(page.label)?.push(lhr);
      const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR;
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        const name = page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(join(reportsDir, `${name}-run${run}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) warnings.add(`${page.label}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) warnings.add(`${page.label}: ${warning}`);
      const seconds = ((performance.now() - runStarted) / 1000).toFixed(1);
      console.log(
        `  run ${run}/${RUNS} ${page.label.padEnd(14)} perf ${score(lhr, 'performance') ?? 'n/a'} (${seconds} s)`,
      );
    }
  }

  const all = [...results.values()].flat();
  const any = all[0];
  if (any) {
    const benchmark = stats(all.map((l) => l.environment.benchmarkIndex));
    console.log(
      `\nLighthouse ${any.lighthouseVersion}, ${any.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
        `${any.configSettings.formFactor}, throttling ${any.configSettings.throttlingMethod}` +
        (benchmark ? `, benchmarkIndex median ${Math.round(benchmark.median)}` : ''),
    );
  }
  console.log(`Median of ${RUNS} runs per page (scores 0–100):`);
  printTable(pages, results);
  if (warnings.size) {
    console.log('\nLighthouse warnings:');
    for (const warning of warnings) console.log(`  - ${warning.replace(/\s+/g, ' ')}`);
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  if (!interrupted) console.error(`[bench:web] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  if (!interrupted) await withTimeout(cleanup(), CLEANUP_TIMEOUT_MS);
}
// Lighthouse and puppeteer may leave handles behind; everything we started is stopped by now.
if (!interrupted) process.exit(failed ? 1 : 0);
