/**
 * Vitest globalSetup of the integration project: one local cloud, in memory and on free ports,
 * for the whole run. Tests get its endpoints through `inject('localCloud')`.
 */
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloudEndpoints } from '../../infra/local/cloud';
import { FAILING_RULE } from './fixtures/failing-rule';

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: LocalCloudEndpoints;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cloud = await startLocalCloud({
    quiet: true,
    extraRules: [FAILING_RULE],
    onCrash: (error) => console.error(`[integration] the local cloud broke during the run: ${error.message}`),
  });
  project.provide('localCloud', cloud.endpoints);
  return () => cloud.stop();
}
