/**
 * Vitest globalSetup of the e2e project: the whole local stack (the production web build, the
 * API, Cognito, DynamoDB, SES, the bus) in memory on free ports, for one run.
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloudEndpoints } from '../../infra/local/cloud';
import { DEFAULT_WEB_DIST } from '../../infra/local/paths';
import { CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    shop: LocalCloudEndpoints;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium'`);
  }
  if (!existsSync(`${DEFAULT_WEB_DIST}/index.html`)) {
    throw new Error(`No web build in ${DEFAULT_WEB_DIST}: run 'npm run build' first (npm test does)`);
  }
  const cloud = await startLocalCloud({
    quiet: true,
    onCrash: (error) => console.error(`[e2e] the local cloud broke during the run: ${error.message}`),
  });
  project.provide('shop', cloud.endpoints);
  return () => cloud.stop();
}
