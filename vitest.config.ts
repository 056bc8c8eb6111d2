import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages', environment: 'node', include: ['**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // API suites share this machine's PostgreSQL database: one file at a time.
          fileParallelism: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 20_000,
          // the "browser" 16 h from the demo projects' Asia/Shanghai: a time shown in the browser's zone
          // instead of the project's reads wrong (HOUSE-STYLE rule 15), as in the browser tests
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
