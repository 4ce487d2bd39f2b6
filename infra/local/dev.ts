/**
 * `npm run dev`: the web app from its sources with hot reload (dev-server.ts), on the local cloud
 * of `npm start`: the one already running on the data directory, or else one it starts itself
 * (the same launcher, as a child process that stops when this does).
 *
 *   npm run dev                       http://localhost:5173
 *   npm run dev -- --dev-port 5200    or LINEA_DEV_PORT=5200 (0: any free port)
 *   npm run dev -- --data-dir <dir>   the local cloud whose data is in <dir> (.data by default)
 *   npm run dev -- --verbose          also print every /api request
 *   Every other `npm start` option (--reset, --no-demo, --<service>-port) goes to the local cloud
 *   it starts; a cloud already running is used as it is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LocalCloudEndpoints } from './cloud';
import { assertDevPortFree, devPort } from './dev-port';
import { startDevServer, type RunningDevServer } from './dev-server';
import { DEFAULT_PERSIST_DIR, REPO_ROOT } from './paths';
import { httpOk } from './wait';

const START_SCRIPT = join(REPO_ROOT, 'infra/local/start.ts');
const POLL_MS = 250;

function usage(): string {
  return [
    'Usage: npm run dev [-- --dev-port <n>] [-- --data-dir <dir>] [-- --verbose] [-- <npm start options>]',
    'Serves the web app with hot reload on the running local cloud of <dir>, or on one it starts (see npm start -- --help).',
  ].join('\n');
}

/** The arguments without `--dev-port` and its value, which are this script's own. */
function withoutDevPort(argv: readonly string[]): string[] {
  return argv.filter(
    (arg, i) => arg !== '--dev-port' && argv[i - 1] !== '--dev-port' && !arg.startsWith('--dev-port='),
  );
}

/**
 * The local cloud whose endpoints file is `file`, if its API answers: a file left behind by a
 * launcher that was killed names ports nobody serves.
 */
async function runningCloud(file: string, writtenSince = 0): Promise<LocalCloudEndpoints | undefined> {
  if (!existsSync(file) || statSync(file).mtimeMs < writtenSince) return undefined;
  let cloud: LocalCloudEndpoints;
  try {
    cloud = JSON.parse(readFileSync(file, 'utf8')) as LocalCloudEndpoints;
  } catch {
    return undefined; // being written
  }
  const answers = await httpOk(`${cloud.apiUrl}/products`).catch(() => false);
  return answers ? cloud : undefined;
}

/** Starts `npm start`'s launcher and resolves once it has written a fresh endpoints file and its API answers. */
async function startCloud(
  args: readonly string[],
  endpointsFile: string,
  port: number,
): Promise<{ child: ChildProcess; cloud: LocalCloudEndpoints }> {
  const spawnedAt = Date.now();
  // Straight under node, not through npm: a signal for the launcher reaches the launcher itself.
  const child = spawn(process.execPath, ['--import', 'tsx', START_SCRIPT, ...args], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // Its API and S3 stand-in then answer CORS for this server's pages (start.ts).
    env: { ...process.env, LINEA_DEV_PORT: String(port) },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`npm start stopped (${code ?? signal}) before it was ready`)),
    ),
  );
  exited.catch(() => {});
  for (;;) {
    const cloud = await Promise.race([runningCloud(endpointsFile, spawnedAt), exited]);
    if (cloud) return { child, cloud };
    await Promise.race([new Promise((resolveDelay) => setTimeout(resolveDelay, POLL_MS)), exited]);
  }
}

// A holder rather than variables: Ctrl-C may arrive while the cloud or Vite is still starting.
const running: { child?: ChildProcess; dev?: RunningDevServer; stopping: boolean } = { stopping: false };

/** Stops Vite and the local cloud this started (never one it found running), then exits. */
async function shutdown(code: number): Promise<void> {
  if (running.stopping) return;
  running.stopping = true;
  try {
    await running.dev?.close();
    const child = running.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const stopped = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await stopped;
    }
  } finally {
    process.exit(code);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(usage());
    return;
  }
  const port = devPort(argv, process.env);
  const startArgs = withoutDevPort(argv);
  const dataDirFlag = argv.indexOf('--data-dir');
  const dataDirArg = dataDirFlag >= 0 ? argv[dataDirFlag + 1] : undefined;
  if (dataDirFlag >= 0 && (!dataDirArg || dataDirArg.startsWith('--'))) throw new Error('--data-dir needs a directory');
  const persistDir = dataDirArg ? resolve(dataDirArg) : DEFAULT_PERSIST_DIR;
  const endpointsFile = join(persistDir, 'local-endpoints.json');
  const verbose = argv.includes('--verbose');

  const data = relative(process.cwd(), persistDir) || persistDir;
  let cloud = await runningCloud(endpointsFile);
  if (cloud) {
    const ignored = startArgs.filter((arg) => arg.startsWith('--') && arg !== '--data-dir' && arg !== '--verbose');
    if (ignored.length)
      console.log(`[dev] the local cloud of ${data}/ is already running: ${ignored.join(' ')} not applied`);
  } else {
    await assertDevPortFree(port);
    console.log(`[dev] no local cloud is running on ${data}/: starting one (npm start)...`);
    const started = await startCloud(startArgs, endpointsFile, port);
    running.child = started.child;
    cloud = started.cloud;
    started.child.once('exit', (code) => {
      if (running.stopping) return;
      console.error(`[dev] the local cloud stopped (code ${code}): stopping too`);
      void shutdown(1);
    });
  }
  if (running.stopping) return;

  running.dev = await startDevServer({ cloud, port, log: verbose ? (line) => console.log(line) : () => {} });
  console.log(
    [
      '',
      `LINEA's web app with hot reload: ${running.dev.url}`,
      '',
      `  Local cloud  ${data}/ (API ${cloud.apiUrl}), ${running.child ? 'started for this session: it stops with it' : 'already running: it keeps running'}`,
      `  npm start's  ${cloud.webUrl}   (prerendered pages; the shop's emails and Stripe's return lead there)`,
      '',
      'Edit web/src: the page changes without a reload. Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

const stopOnSignal = (): void => {
  if (!running.stopping) console.log('\n[dev] stopping...');
  void shutdown(0);
};
process.on('SIGINT', stopOnSignal);
process.on('SIGTERM', stopOnSignal);

main().catch((err: unknown) => {
  console.error(`\n[dev] could not start: ${err instanceof Error ? err.message : String(err)}`);
  void shutdown(1);
});
