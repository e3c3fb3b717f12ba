/**
 * `npm test`'s first step (and `npm run test:e2e`'s): finds the Chromium the end-to-end tests
 * drive, installing one where it can (e2e/support/browser.ts says in which order), and stops the
 * run at once with one message saying what to install when there is none.
 */
import { chromium } from '@playwright/test';
import { BrowserNotFound, findBrowser, realSystem, rememberBrowser } from './support/browser';

const playwrightChromium = () => {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
};

try {
  const found = findBrowser(realSystem(playwrightChromium), {
    install: true,
    log: (line) => console.log(line),
  });
  rememberBrowser(found);
  console.log(`End-to-end tests will use ${found.version} (${found.source}: ${found.path})`);
} catch (error) {
  if (!(error instanceof BrowserNotFound)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
