import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (node code, no servers), `integration` (the real API over HTTP on the
 * embedded database server, or on the CouchDB named by TEST_COUCH_URL: README) and `web` (React
 * code in happy-dom). Browser flows live in e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'api/src/**/*.test.ts',
            'couch/test/**/*.test.ts',
            'design-docs/test/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['api/test/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own API and database server; two cores allow two at once.
          maxWorkers: 2,
          fileParallelism: true,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'web/src') } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          // A zone far from UTC (-10:00, no daylight saving), so a date formatted in the
          // machine's zone instead of UTC, or the reverse, fails here and not only abroad.
          env: { TZ: 'Pacific/Honolulu' },
          setupFiles: ['web/src/testing/setup.ts'],
          testTimeout: 30_000,
          include: ['web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
