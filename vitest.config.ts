import { defineConfig } from 'vitest/config';

/**
 * One runner for every level. Unit and handler tests are fast and never touch the network;
 * integration and e2e start their own local cloud (in memory, free ports) in a global setup.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          pool: 'threads',
          root: 'shared',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'functions',
          pool: 'threads',
          root: 'functions',
          include: ['**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['../tests/fixtures/functions-env.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          pool: 'threads',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          root: 'tests/infra',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'integration',
          root: 'tests/integration',
          include: ['**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'tests/e2e',
          include: ['**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          setupFiles: ['./policy-guard.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
