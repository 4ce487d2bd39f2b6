/**
 * Web benchmark: what a first visit downloads, what Lighthouse measures and where the main
 * thread's time goes, and how fast a tap answers, on the production build served by the local
 * cloud.
 *
 *   npm run bench:web                  everything below
 *   npm run bench:web -- --no-fresh    without the fresh start (4.)
 *   npm run bench:web -- --taps        the taps alone (6.), to iterate on an interaction
 *
 * 1. Builds web/ when web/dist is missing or older than its sources.
 * 2. Prints raw and gzip (level 9) sizes of the entry chunk, of the entry plus its modulepreload
 *    chunks (the JavaScript a first visit fetches before it can render) and of the CSS, then the
 *    budgeted figures against WEB_BUDGETS (web/build/budgets.ts, the check `npm run build` ends with).
 * 3. Starts the local cloud in memory and fills a cart of two lines through the shop itself (two
 *    product pages, a size, Add to Cart), for the pages the app draws from it: /cart, /checkout.
 * 4. Fresh: starts `npm start -- --reset` as a child with a data directory of its own and free
 *    ports (web-fresh.ts), and runs Lighthouse once on each page as a newcomer meets it, right
 *    after the printed ready line, no page touched before; then stops it as Ctrl-C does.
 * 5. Warm: runs Lighthouse 12 (default config: mobile emulation, simulated throttling) RUNS times
 *    per page on the in-memory cloud, interleaving the pages, in a fresh headless Chromium each
 *    time, and prints the median per category score and metric, the spread of the performance
 *    score, fresh beside warm, and the five longest main-thread tasks of each page's median run
 *    with the script each ran (web-long-tasks.ts). For /cart and /checkout the saved cart is
 *    written into the run's profile first and Lighthouse's storage reset is off; after the run
 *    the page must show its two lines in that profile, or the bench fails.
 * 6. Taps: the time from a tap to the next paint (Event Timing, as INP) for choosing a size,
 *    adding to cart and opening the chat, under 4× CPU throttling, median of 5 (web-taps.ts).
 *
 * The tables start with the date, the command and the machine's benchmarkIndex, so a README
 * table can be copied with them.
 *
 * Lighthouse is a measurement, not a test: no thresholds (timings vary by machine). Chromium, the
 * cloud and the fresh start are always stopped, also on errors and signals. CHROME_PATH overrides
 * the browser (default /usr/bin/chromium). LIGHTHOUSE_REPORTS_DIR, when set, keeps each run's full
 * report there as JSON (to see, say, what the LCP element waited for).
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
import { median } from './stats';
import { closeBrowsers } from './web-browser';
import { CART_LISTS, cartLinesShown, cartThroughTheShop, putCartInProfile } from './web-cart';
import { FRESH_DATA_PREFIX, startFreshShop, stopFreshShop, type FreshShop } from './web-fresh';
import { longTasksTable } from './web-long-tasks';
import {
  CPU_SLOWDOWN,
  formatLatency,
  GOOD_INTERACTION_MS,
  measureTaps,
  TAPS_PER_INTERACTION,
  tapsTable,
  type TapsMeasured,
} from './web-taps';

const RUNS = 3;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_START_TIMEOUT_MS = 30_000;
const CLEANUP_TIMEOUT_MS = 20_000;
/** Chromium profiles are named with our pid, so a later run can remove those of a killed one. */
const PROFILE_PREFIX = 'linea-bench-chrome-';
const LONG_TASKS_SHOWN = 5;
const CART_LINES = 2;

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
  await closeBrowsers();
  await stopFreshShop().catch((err: unknown) =>
    console.error(`[bench:web] stopping the fresh npm start: ${String(err)}`),
  );
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
    console.error(`\n[bench:web] ${signal}: stopping Chromium and the local clouds…`);
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

/** Profiles and fresh shops' data left behind by a run that was killed outright (its pid is gone). */
function removeStaleDirectories(): void {
  for (const entry of readdirSync(tmpdir())) {
    const prefix = [PROFILE_PREFIX, FRESH_DATA_PREFIX].find((candidate) => entry.startsWith(candidate));
    const pid = Number(prefix ? entry.slice(prefix.length).split('-')[0] : NaN);
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

interface PageSpec {
  readonly label: string;
  readonly path: string;
  /** A page the app draws from the saved cart: the name of its list of lines. */
  readonly cartList?: string;
}

/**
 * One Lighthouse run in a fresh Chromium. A cart page gets the saved cart in its profile first,
 * with Lighthouse's storage reset off so that the run leaves it there; the page must show the
 * cart's lines afterwards in the same profile, or the run measured some other page.
 */
async function lighthouseRun(origin: string, page: PageSpec, savedCart: string): Promise<Result> {
  const url = `${origin}${page.path}`;
  const port = await launchChrome();
  try {
    if (page.cartList) await putCartInProfile(port, origin, savedCart);
    lighthouseWorker ??= new LighthouseWorker();
    const flags: Flags = {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      ...(page.cartList ? { disableStorageReset: true } : {}),
    };
    const lhr = await lighthouseWorker.run(url, flags);
    if (page.cartList) {
      const shown = await cartLinesShown(port, url, page.cartList, CART_LINES);
      if (shown !== CART_LINES) {
        throw new Error(`${page.label} showed ${shown} cart lines after its Lighthouse run, not ${CART_LINES}`);
      }
    }
    return lhr;
  } finally {
    await stopChrome();
  }
}

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

interface Column {
  readonly title: string;
  readonly value: (lhr: Result) => number | null;
  readonly format: (v: number) => string;
}

const COLUMNS: readonly Column[] = [
  { title: 'perf', value: (l) => score(l, 'performance'), format: (v) => String(Math.round(v)) },
  { title: 'a11y', value: (l) => score(l, 'accessibility'), format: (v) => String(Math.round(v)) },
  { title: 'best-pr', value: (l) => score(l, 'best-practices'), format: (v) => String(Math.round(v)) },
  { title: 'seo', value: (l) => score(l, 'seo'), format: (v) => String(Math.round(v)) },
  { title: 'LCP', value: (l) => metric(l, 'largest-contentful-paint'), format: (v) => `${(v / 1000).toFixed(2)} s` },
  { title: 'TBT', value: (l) => metric(l, 'total-blocking-time'), format: (v) => `${Math.round(v)} ms` },
  { title: 'CLS', value: (l) => metric(l, 'cumulative-layout-shift'), format: (v) => v.toFixed(3) },
  { title: 'FCP', value: (l) => metric(l, 'first-contentful-paint'), format: (v) => `${(v / 1000).toFixed(2)} s` },
];
/** What the fresh start is compared on: the page's speed (the other categories do not depend on it). */
const FRESH_COLUMNS = COLUMNS.filter((c) => ['perf', 'LCP', 'TBT', 'CLS', 'FCP'].includes(c.title));

const labelWidthOf = (pages: readonly PageSpec[]): number => Math.max(4, ...pages.map((p) => p.label.length));

function printTable(pages: readonly PageSpec[], results: Map<string, Result[]>): void {
  const labelWidth = labelWidthOf(pages);
  const cell = 9;
  console.log(
    `\n  ${'page'.padEnd(labelWidth)}${COLUMNS.map((c) => c.title.padStart(cell)).join('')}${'perf min–max'.padStart(15)}`,
  );
  for (const page of pages) {
    const lhrs = results.get(page.label) ?? [];
    const cells = COLUMNS.map((c) => {
      const s = stats(lhrs.map(c.value));
      return (s ? c.format(s.median) : 'n/a').padStart(cell);
    });
    const perf = stats(lhrs.map((l) => score(l, 'performance')));
    const spread = perf ? `${perf.min}–${perf.max}` : 'n/a';
    console.log(`  ${page.label.padEnd(labelWidth)}${cells.join('')}${spread.padStart(15)}`);
  }
}

/** Each metric as two columns: the fresh start's one run, the warm median. */
function printFreshBesideWarm(
  pages: readonly PageSpec[],
  fresh: Map<string, Result>,
  warm: Map<string, Result[]>,
): void {
  const labelWidth = labelWidthOf(pages);
  const cell = 9;
  console.log(
    `\n  ${''.padEnd(labelWidth)}${FRESH_COLUMNS.map((c) => c.title.padStart(cell).padEnd(2 * cell)).join('  ')}`,
  );
  console.log(
    `  ${'page'.padEnd(labelWidth)}${FRESH_COLUMNS.map(() => `${'fresh'.padStart(cell)}${'warm'.padStart(cell)}`).join('  ')}`,
  );
  for (const page of pages) {
    const freshRun = fresh.get(page.label);
    const warmRuns = warm.get(page.label) ?? [];
    const cells = FRESH_COLUMNS.map((c) => {
      const freshValue = freshRun ? c.value(freshRun) : null;
      const warmValue = stats(warmRuns.map(c.value));
      return `${(freshValue === null ? 'n/a' : c.format(freshValue)).padStart(cell)}${(warmValue ? c.format(warmValue.median) : 'n/a').padStart(cell)}`;
    });
    console.log(`  ${page.label.padEnd(labelWidth)}${cells.join('  ')}`);
  }
}

/** The page's run whose performance score is the median one (ties: the one with the median TBT). */
function medianRun(lhrs: readonly Result[]): { lhr: Result; run: number } | undefined {
  const order = lhrs
    .map((lhr, index) => ({ lhr, run: index + 1 }))
    .sort(
      (a, b) =>
        (score(a.lhr, 'performance') ?? -1) - (score(b.lhr, 'performance') ?? -1) ||
        (metric(b.lhr, 'total-blocking-time') ?? 0) - (metric(a.lhr, 'total-blocking-time') ?? 0),
    );
  return order[Math.floor((order.length - 1) / 2)];
}

function printLongTasks(pages: readonly PageSpec[], results: Map<string, Result[]>, origin: string): void {
  console.log(
    `\nThe ${LONG_TASKS_SHOWN} longest main-thread tasks of each page's median run (Lighthouse's long-tasks, simulated; ` +
      "start and length of the task, the script it ran, and that script's whole main-thread time from bootup-time):",
  );
  for (const page of pages) {
    const middle = medianRun(results.get(page.label) ?? []);
    if (!middle) continue;
    const tbt = metric(middle.lhr, 'total-blocking-time');
    console.log(
      `\n  ${page.label} (run ${middle.run}, perf ${score(middle.lhr, 'performance') ?? 'n/a'}, TBT ${tbt === null ? 'n/a' : `${Math.round(tbt)} ms`})`,
    );
    for (const line of longTasksTable(middle.lhr, LONG_TASKS_SHOWN, origin)) console.log(`  ${line}`);
  }
}

interface CatalogueProduct {
  readonly id: string;
  readonly stockQuantity: number;
  readonly sizes: readonly string[];
}

async function catalogue(apiUrl: string): Promise<CatalogueProduct[]> {
  const response = await fetch(`${apiUrl}/products`);
  if (!response.ok) throw new Error(`GET ${apiUrl}/products answered ${response.status}`);
  const body = (await response.json()) as { items?: Array<Partial<CatalogueProduct>> };
  return (body.items ?? []).flatMap((item) =>
    typeof item.id === 'string'
      ? [{ id: item.id, stockQuantity: item.stockQuantity ?? 0, sizes: Array.isArray(item.sizes) ? item.sizes : [] }]
      : [],
  );
}

interface Options {
  readonly fresh: boolean;
  readonly tapsOnly: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const known = new Set(['--no-fresh', '--taps']);
  const unknown = argv.filter((arg) => !known.has(arg));
  if (unknown.length) {
    throw new Error(`Unknown option(s): ${unknown.join(' ')}. Usage: npm run bench:web [-- --no-fresh] [-- --taps]`);
  }
  return { fresh: !argv.includes('--no-fresh'), tapsOnly: argv.includes('--taps') };
}

/** How the figures were made, as a README table quotes it. */
function printProvenance(date: string, command: string, lhrs: readonly Result[]): void {
  const any = lhrs[0];
  if (!any) return;
  const benchmark = stats(lhrs.map((l) => l.environment.benchmarkIndex));
  console.log(
    `\n${date}, \`${command}\`: Lighthouse ${any.lighthouseVersion}, ` +
      `${any.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
      `${any.configSettings.formFactor}, throttling ${any.configSettings.throttlingMethod}` +
      (benchmark
        ? `, benchmarkIndex ${Math.round(benchmark.median)} (median of ${lhrs.length} runs, ${Math.round(benchmark.min)}–${Math.round(benchmark.max)})`
        : ''),
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const command = `npm run bench:web${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  const date = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  removeStaleDirectories();

  await ensureBuild();
  if (!options.tapsOnly) printBundle();

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

  const products = await catalogue(apiUrl);
  const [first] = products;
  // A product with sizes left to choose: the taps choose one, the cart needs one per line.
  const choosable = products.filter((p) => p.stockQuantity > 0 && p.sizes.length >= 2);
  const tapsProduct = first && choosable.includes(first) ? first : choosable[0];
  if (!first || !tapsProduct || choosable.length < CART_LINES) {
    throw new Error(
      `The catalogue needs ${CART_LINES} products in stock with several sizes; it has ${choosable.length}`,
    );
  }

  if (options.tapsOnly) {
    const taps = await runTaps(webUrl, tapsProduct.id);
    console.log(`\n${date}, \`${command}\`:`);
    printTaps(taps, tapsProduct.id);
    console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return;
  }

  const cartIds = choosable.slice(0, CART_LINES).map((p) => p.id);
  console.log(`Filling a cart through the shop: ${cartIds.join(', ')}`);
  const savedCart = await cartThroughTheShop(webUrl, cartIds);

  const pages: PageSpec[] = [
    { label: paths.home.getHref(), path: paths.home.getHref() },
    { label: paths.products.getHref(), path: paths.products.getHref() },
    { label: paths.product.path, path: paths.product.getHref(first.id) },
    { label: `${paths.cart.getHref()} (${CART_LINES} lines)`, path: paths.cart.getHref(), cartList: CART_LISTS.cart },
    { label: paths.checkout.getHref(), path: paths.checkout.getHref(), cartList: CART_LISTS.checkout },
  ];
  const warnings = new Set<string>();
  const measure = async (origin: string, page: PageSpec, name: string, fileTag: string): Promise<Result> => {
    const runStarted = performance.now();
    const lhr = await lighthouseRun(origin, page, savedCart);
    const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR;
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      const file = page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      writeFileSync(join(reportsDir, `${file}-${fileTag}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) warnings.add(`${page.label}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) warnings.add(`${page.label}: ${warning}`);
    const seconds = ((performance.now() - runStarted) / 1000).toFixed(1);
    console.log(
      `  ${name.padEnd(9)} ${page.label.padEnd(16)} perf ${score(lhr, 'performance') ?? 'n/a'} (${seconds} s)`,
    );
    return lhr;
  };

  const fresh = new Map<string, Result>();
  let freshShop: FreshShop | undefined;
  if (options.fresh) {
    console.log('\nFresh: npm start -- --reset with a data directory of its own, then one Lighthouse run per page');
    freshShop = await startFreshShop();
    console.log(
      `  ready in ${freshShop.readySeconds.toFixed(1)} s by its own count (${freshShop.waitedSeconds.toFixed(1)} s from spawn) at ${freshShop.webUrl}`,
    );
    try {
      for (const page of pages) fresh.set(page.label, await measure(freshShop.webUrl, page, 'fresh', 'fresh'));
    } finally {
      await stopFreshShop();
    }
  }

  // One unmeasured request per page and API call, so no run pays for a first touch.
  for (const page of pages) await (await fetch(`${webUrl}${page.path}`)).arrayBuffer();
  await (await fetch(`${apiUrl}/products/${encodeURIComponent(first.id)}`)).arrayBuffer();

  console.log(
    `\nWarm: Lighthouse ${RUNS} runs × ${pages.length} pages, default config (mobile, simulated throttling), ${CATEGORIES.join(', ')}`,
  );
  console.log(`  ${paths.product.path} = ${paths.product.getHref(first.id)}`);
  const results = new Map<string, Result[]>(pages.map((p) => [p.label, []]));
  // Runs interleave the pages, so drift on the machine spreads over all of them alike.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages)
      results.get(page.label)?.push(await measure(webUrl, page, `run ${run}/${RUNS}`, `run${run}`));
  }

  const taps = await runTaps(webUrl, tapsProduct.id);

  printProvenance(date, command, [...results.values()].flat());
  console.log(`Warm, median of ${RUNS} runs per page (scores 0–100):`);
  printTable(pages, results);
  if (freshShop) {
    console.log(
      `\nFresh (one run per page right after \`npm start -- --reset\`, ready in ${freshShop.readySeconds.toFixed(1)} s; ` +
        `benchmarkIndex ${Math.round(stats([...fresh.values()].map((l) => l.environment.benchmarkIndex))?.median ?? Number.NaN)}) beside warm (median of ${RUNS}):`,
    );
    printFreshBesideWarm(pages, fresh, results);
  }
  printLongTasks(pages, results, webUrl);
  printTaps(taps, tapsProduct.id);
  if (warnings.size) {
    console.log('\nLighthouse warnings:');
    for (const warning of warnings) console.log(`  - ${warning.replace(/\s+/g, ' ')}`);
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function runTaps(webUrl: string, productId: string): Promise<TapsMeasured> {
  console.log(
    `\nTaps: ${TAPS_PER_INTERACTION} of each on ${paths.product.getHref(productId)}, CPU ${CPU_SLOWDOWN}× slower, a fresh context each`,
  );
  return measureTaps(webUrl, productId, (label, tap) => console.log(`  ${label.padEnd(16)} ${formatLatency(tap)}`));
}

function printTaps(taps: TapsMeasured, productId: string): void {
  console.log(
    `\nTap to next paint (Event Timing, as INP) on ${paths.product.getHref(productId)}: Chromium, mobile viewport, ` +
      `CPU ${CPU_SLOWDOWN}× slower, median of ${TAPS_PER_INTERACTION} taps (good: ≤ ${GOOD_INTERACTION_MS} ms); ` +
      `benchmarkIndex ${taps.benchmarkIndex} (Lighthouse's page function, unthrottled):`,
  );
  for (const line of tapsTable(taps.results)) console.log(line);
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
