import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium, defineConfig, devices } from '@playwright/test';
import { chosenBrowserPath } from './support/browser';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * One port and one fresh data directory per run, chosen once: Playwright evaluates this file in
 * the runner and again in each worker, and workers inherit the runner's environment.
 */
function pickFreePort(): number {
  // Synchronous on purpose: the config must be built synchronously.
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}
process.env.E2E_PORT ??= String(pickFreePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'wf-e2e-'));
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

/** CHROMIUM_PATH, else the browser `npm test`'s first step found or installed (support/browser.ts). */
const executablePath = chosenBrowserPath(() => chromium.executablePath());

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry absorbs timing noise on a loaded 2-core runner; a test that fails twice fails the run,
  // and a retried pass is listed as flaky.
  retries: 1,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real app: API, embedded database server and the built web app, on a fresh DATA_DIR.
    command: `node --import tsx api/src/cli/start.ts`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      // Every test signs in from 127.0.0.1; the limits themselves are covered by API tests.
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ADDRESS: '1000',
      // Tests register and sign in several members at once on a loaded 2-core runner, where a
      // hash can wait over the 2 s default for its slot and be shed (503). Shedding itself is
      // covered by api/src/lib/work-limiter.test.ts and api/test/login-burst.int.test.ts.
      PASSWORD_HASH_WAIT_MS: '60000',
      // A build elsewhere (several people testing in one tree); unset, web/dist, rebuilt if stale.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
