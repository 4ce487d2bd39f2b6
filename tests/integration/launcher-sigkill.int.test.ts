/**
 * Faults survived, nothing lost (issue 15): the launcher of `npm start` killed with SIGKILL,
 * which no handler sees. Starting it again on the same data directory brings back every
 * account, order and newsletter subscriber; the stand-ins it left are ended by the reaper, so
 * the ports are free again.
 *
 * The launcher runs as `npm start` runs it (infra/local/start.ts) but directly under node, so
 * the SIGKILL hits the launcher itself and not a wrapper; on free ports and a temp data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalCloudEndpoints } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { resolvePorts, SERVICES, type Ports } from '../../infra/local/ports';
import { arrangeProduct, checkout } from './fixtures/shop-order';
import { api, documentClient, endpoints, signIn, signUp, uniqueEmail, useOwnCloud } from './helpers';

/** A cold start of the whole cloud on a machine shared with other test files. */
const START_TIMEOUT_MS = 90_000;

const dataDir = mkdtempSync(join(tmpdir(), 'linea-sigkill-'));
const launchers = new Set<ChildProcess>();

afterAll(async () => {
  for (const launcher of launchers) {
    if (launcher.exitCode !== null || launcher.signalCode !== null) continue;
    const exited = new Promise((resolveExit) => launcher.once('exit', resolveExit));
    launcher.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Starts the launcher and resolves once it says the shop is running. */
async function startLauncher(ports: Ports): Promise<ChildProcess> {
  const portEnv = Object.fromEntries(
    SERVICES.map((service) => [`LINEA_${service.toUpperCase()}_PORT`, String(ports[service])]),
  );
  const launcher = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'infra/local/start.ts'), '--no-demo', '--data-dir', dataDir],
    // Without VITEST, as outside a test run: the launcher then teaches Node to load the pages' styles.
    { cwd: REPO_ROOT, env: { ...process.env, ...portEnv, VITEST: undefined }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  launchers.add(launcher);
  let output = '';
  await new Promise<void>((resolveReady, rejectReady) => {
    const timer = setTimeout(
      () => rejectReady(new Error(`npm start was not ready within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('LINEA is running')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    launcher.stdout?.on('data', collect);
    launcher.stderr?.on('data', collect);
    launcher.once('exit', (code, signal) => {
      clearTimeout(timer);
      rejectReady(new Error(`npm start exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  return launcher;
}

function endpointsIn(dir: string): LocalCloudEndpoints {
  return JSON.parse(readFileSync(join(dir, 'local-endpoints.json'), 'utf8')) as LocalCloudEndpoints;
}

describe('npm start killed with SIGKILL', () => {
  it(
    'comes up again with every order, account and subscriber kept',
    async () => {
      const ports = await resolvePorts({});
      const first = await startLauncher(ports);
      useOwnCloud(endpointsIn(dataDir));

      const shopper = await signUp();
      const product = await arrangeProduct();
      const order = await checkout(product, shopper.email, shopper.idToken);
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const subscriber = uniqueEmail('kept');
      expect((await api('/newsletter/subscribers', { method: 'POST', json: { email: subscriber } })).status).toBe(202);

      const killed = new Promise((resolveExit) => first.once('exit', (_code, signal) => resolveExit(signal)));
      first.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');

      // Same ports: whatever the killed launcher left holding them must be gone.
      await startLauncher(ports);
      useOwnCloud(endpointsIn(dataDir));

      const idToken = await signIn(shopper.email, shopper.password);
      const mine = await api<{ items: Array<{ id: string; status: string }> }>('/orders', { token: idToken });
      expect(mine.status).toBe(200);
      expect(mine.body.items.map((item) => item.id)).toContain(order.body.orderId);
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: endpoints().tableName,
          Key: { PK: `SUBSCRIBER#${subscriber.toLowerCase()}`, SK: 'SUBSCRIBER' },
        }),
      );
      expect(Item).toMatchObject({ email: subscriber });
    },
    4 * START_TIMEOUT_MS,
  );
});
