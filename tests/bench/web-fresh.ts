/**
 * The shop as a newcomer meets it: `npm start -- --reset` in a child process, with a data
 * directory of its own and free ports (so a developer's running shop is left alone), used from
 * its printed ready line on and stopped as Ctrl-C stops it.
 *
 * The child is the command `npm start` runs (`tsx infra/local/start.ts`) without the npm and tsx
 * CLI wrappers: node with tsx's loader is then the whole process group, and a SIGTERM reaches the
 * launcher itself, which stops its stand-ins and exits (tsx's CLI would SIGKILL a child that is
 * slow to answer a relayed signal).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../infra/local/paths';
import { SERVICES } from '../../infra/local/ports';
import { ProcessGroup, type ManagedChild } from '../../infra/local/processes';

/** Data directories are named with our pid, so a later run can remove those of a killed one. */
export const FRESH_DATA_PREFIX = 'linea-bench-fresh-';
const READY_TIMEOUT_MS = 300_000;
/** The launcher stops a dozen stand-ins and DynamoDB Local writes its file: more than a process group's usual grace. */
const STOP_TIMEOUT_MS = 60_000;

const READY_LINE = /LINEA is running on this machine \(ready in ([\d.]+) s/;
const SHOP_LINE = /^\s*Shop\s+(https?:\/\/\S+)/m;

let running: { group: ProcessGroup; child: ManagedChild; dataDir: string } | undefined;

export interface FreshShop {
  readonly webUrl: string;
  /** What the launcher printed as its own time to ready. */
  readonly readySeconds: number;
  /** From spawning the child to its ready line, as the bench saw it. */
  readonly waitedSeconds: number;
}

export async function startFreshShop(): Promise<FreshShop> {
  if (running) throw new Error('A fresh shop is already running');
  const dataDir = mkdtempSync(join(tmpdir(), `${FRESH_DATA_PREFIX}${process.pid}-`));
  const group = new ProcessGroup();
  const started = performance.now();
  const child = group.spawn({
    name: 'npm start',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'infra/local/start.ts',
      '--reset',
      '--data-dir',
      dataDir,
      ...SERVICES.flatMap((service) => [`--${service}-port`, '0']),
    ],
    cwd: REPO_ROOT,
    env: process.env,
  });
  running = { group, child, dataDir };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.hasExited())
      throw new Error(`npm start -- --reset exited before it was ready. Its last output:\n${child.tail()}`);
    // The ready block is the launcher's last output and shorter than the tail kept of it.
    const output = child.tail();
    const ready = READY_LINE.exec(output);
    const shop = SHOP_LINE.exec(output);
    if (ready && shop) {
      return {
        webUrl: (shop[1] as string).replace(/\/$/, ''),
        readySeconds: Number(ready[1]),
        waitedSeconds: (performance.now() - started) / 1000,
      };
    }
    await sleep(100);
  }
  throw new Error(`npm start -- --reset was not ready in ${READY_TIMEOUT_MS / 1000} s:\n${child.tail()}`);
}

/** Stops the fresh shop as Ctrl-C would (SIGTERM to its group), then removes its data; safe to call when none runs. */
export async function stopFreshShop(): Promise<void> {
  const current = running;
  running = undefined;
  if (!current) return;
  try {
    if (!current.child.hasExited()) {
      process.kill(-current.child.pid, 'SIGTERM');
      await Promise.race([current.child.exited, sleep(STOP_TIMEOUT_MS, undefined, { ref: false })]);
    }
  } catch {
    // Already gone.
  } finally {
    // Kills whatever did not stop in time (the launcher's own reaper then ends its stand-ins).
    await current.group.stopAll();
    rmSync(current.dataDir, { recursive: true, force: true });
  }
}
