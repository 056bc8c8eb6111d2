import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on this 2-core machine (vitest's default leaves one core idle): the server and
    // web files wait on PostgreSQL, SQLite files and timers as much as they compute. Each server file
    // keeps its own stores (a SQLite file in a temp dir, a PostgreSQL schema of its own), so two files
    // never share a row. The browser files stay one at a time (e2e below).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages', environment: 'node', include: ['**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // the files share a worker's module graph instead of importing the app anew each (~5 s a file): the
          // server keeps no state per module that a file could leave behind (its caches are keyed by the store, or
          // checked against the rows they were built from), and no server test mocks a module
          isolate: false,
          // generous: a file seeding a simulated history shares the machine with another file
          testTimeout: 90_000,
          hookTimeout: 180_000,
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
          testTimeout: 40_000,
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
