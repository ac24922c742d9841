// One Vitest run covers every workspace. The server suite runs on SQLite, and a second time on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Browser journeys live in e2e/.
import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverFiles = ['apps/server/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
    // most files wait on PostgreSQL, a server process or Chromium rather than compute. Two files
    // at a time there (measured: ~2,200 tests, nothing failed with the machine loaded by other work).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server:sqlite',
          include: serverFiles,
          environment: 'node',
          env: { SHOP_TEST_DIALECT: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverFiles,
                // The CLI test drives a child process on a SQLite file; its logic is dialect-free.
                exclude: ['apps/server/src/cli/**', '**/node_modules/**'],
                environment: 'node',
                env: { SHOP_TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgres },
                testTimeout: 30_000,
                hookTimeout: 30_000,
                // Two files at a time, each migrating a schema of its own: the Migrator looks for its
                // tables in that schema only (db/connect.ts postgresDialect), so another file dropping
                // its schema meanwhile does not fail it (db/migrate-beside-schemas.test.ts).
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          // Waits are on what the page shows (vitest.setup.ts); a loaded machine is slow, not wrong.
          testTimeout: 30_000,
        },
      },
      {
        // Multi-process, crash, backup and browser XSS checks: `npm run test:resilience`.
        test: {
          name: 'resilience',
          include: ['resilience/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own server (own data folder, free port) and browser, so files may
          // run side by side, and beside the other projects' files rather than after them all.
        },
      },
    ],
  },
});
