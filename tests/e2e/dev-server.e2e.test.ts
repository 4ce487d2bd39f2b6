/**
 * A developer's loop (`npm run dev`, infra/local/dev.ts): the web app from its sources, served
 * by Vite on the running local cloud. The command runs as a developer runs it, beside the
 * suite's local cloud (named to it by an endpoints file, as `npm start` writes one), on a free
 * port. Its page carries the cloud's runtime config, reaches the API on its own origin, and takes
 * a change to a component without a reload.
 *
 * The component edited is the wordmark, put back as it was whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { REPO_ROOT, WEB_DIR } from '../../infra/local/paths';
import { browserForSuite, PATIENCE_MS } from './browser';

const shop = inject('shop');
const WORDMARK = join(WEB_DIR, 'src/components/ui/wordmark.tsx');
const WORDMARK_TEXT = "{t('brand.name')}";
/** Vite's first start on a cold cache bundles the app's dependencies first. */
const START_TIMEOUT_MS = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), 'linea-dev-'));
let dev: ChildProcess | undefined;
let devUrl: string;
let output = '';

/** Starts `npm run dev` on the suite's cloud and resolves with the address it prints. */
async function startDev(): Promise<string> {
  writeFileSync(join(dataDir, 'local-endpoints.json'), JSON.stringify(shop));
  // Straight under node, as the launcher test runs npm start; without the test run's variables.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'infra/local/dev.ts'), '--data-dir', dataDir, '--dev-port', '0'],
    { cwd: REPO_ROOT, env: { ...process.env, VITEST: undefined, NODE_ENV: undefined }, stdio: 'pipe' },
  );
  dev = child;
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run dev was not ready within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      // It must use the running cloud, never start one of its own beside the suite's.
      if (output.includes('starting one')) reject(new Error(`npm run dev did not find the running cloud:\n${output}`));
      const url = /hot reload: (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveUrl(url);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

// The dev server's address is known once it has started, after the suite is defined.
const devBrowser = browserForSuite(() => devUrl);

beforeAll(async () => {
  devUrl = await startDev();
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (dev && dev.exitCode === null && dev.signalCode === null) {
    const exited = new Promise((resolveExit) => dev?.once('exit', resolveExit));
    dev.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Marks the document, so a later check can tell an update in place from a page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as { __beforeTheEdit?: boolean }).__beforeTheEdit = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __beforeTheEdit?: boolean }).__beforeTheEdit === true);

describe('npm run dev', () => {
  it("serves the app's sources with the running cloud's runtime config in the page", async () => {
    const response = await fetch(`${devUrl}/products`, { headers: { accept: 'text/html' } });
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).toContain('src="/src/main.tsx"');
    expect(readRuntimeConfig(html)).toEqual({
      apiUrl: '/api',
      region: shop.region,
      userPoolId: shop.userPoolId,
      userPoolClientId: shop.userPoolClientId,
      cognitoEndpoint: shop.cognitoEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      stage: 'local',
    });
  });

  it('answers /api/* from the local API gateway, the prefix taken off', async () => {
    const [throughDev, direct] = await Promise.all([
      fetch(`${devUrl}/api/products/essential-organic-tee`),
      fetch(`${shop.apiUrl}/products/essential-organic-tee`),
    ]);

    expect(throughDev.status).toBe(200);
    expect(await throughDev.json()).toEqual(await direct.json());
  });

  it('shows the shop from the API, and a change to a component without a reload', async () => {
    const { page, context, problems } = await devBrowser.openShop({ reducedMotion: 'reduce' });
    try {
      await page.goto('/products');
      await page
        .getByRole('main')
        .getByRole('article', { name: 'Essential Organic Tee' })
        .waitFor({ timeout: 2 * PATIENCE_MS });
      const banner = page.getByRole('banner');
      await expect.poll(() => banner.getByText('LINEA', { exact: true }).count()).toBeGreaterThan(0);
      await markDocument(page);

      const original = readFileSync(WORDMARK, 'utf8');
      if (!original.includes(WORDMARK_TEXT)) throw new Error(`${WORDMARK} no longer renders ${WORDMARK_TEXT}`);
      const edited = `LINEA ${randomUUID().slice(0, 8)}`;
      try {
        writeFileSync(WORDMARK, original.replace(WORDMARK_TEXT, `${WORDMARK_TEXT}{' ${edited.slice(6)}'}`));
        await banner.getByText(edited, { exact: true }).first().waitFor();
      } finally {
        writeFileSync(WORDMARK, original);
      }

      expect(await sameDocument(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
