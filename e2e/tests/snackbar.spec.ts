/// <reference lib="dom" />
// The snackbar's rules end to end (spec sections 4, 8 and 9): error red, warn orange, info green;
// 5000 ms each; a click dismisses; one at a time; top-right from 1280 px, bottom below; and the
// spec's invalid-argument error. Real triggers where the app has them (going offline warns,
// coming back informs); the app's `wayfarer:notify` event for an error and the invalid argument.
import { expect, test, type Page } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

const INVALID =
  'Parameter msg is invalid. Expected a String, or an Object with property message[type:String].';
const RED = 'rgb(180, 35, 24)';
const ORANGE = 'rgb(181, 71, 8)';
const GREEN = 'rgb(26, 127, 55)';

const snackbar = (page: Page) => page.locator('.snackbar-region').getByRole('button');

function raise(page: Page, detail: unknown) {
  return page.evaluate(
    (value) => window.dispatchEvent(new CustomEvent('wayfarer:notify', { detail: value })),
    detail,
  );
}

test('going offline warns, coming back informs, one message at a time', async ({
  page,
  context,
}) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

  await context.setOffline(true);
  const warn = snackbar(page);
  await expect(warn).toContainText('You are offline.');
  await expect(warn).toHaveCSS('background-color', ORANGE);
  await expect(page.getByTestId('offline-indicator')).toContainText('Offline');

  // Back online while the warning shows: the info waits its turn.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await expect(snackbar(page)).toHaveCount(1);
  await expect(snackbar(page)).toContainText('You are offline.');

  // A click dismisses the warning; the next message takes its place.
  await warn.click();
  await expect(snackbar(page)).toContainText('You are back online.');
  await expect(snackbar(page)).toHaveCSS('background-color', GREEN);
});

test('a message stays 5000 ms, then goes by itself', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await raise(page, { message: 'Could not send the message.', kind: 'error' });
  const shownAt = Date.now();
  const message = snackbar(page);
  await expect(message).toHaveText(/Could not send the message\./);
  await expect(message).toHaveCSS('background-color', RED);
  await page.waitForTimeout(4000 - (Date.now() - shownAt));
  await expect(message).toBeVisible();
  await expect(message).toBeHidden({ timeout: 2500 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4800);
});

test('an invalid message is refused with the spec text and shows nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await raise(page, 42);
  await raise(page, { text: 'no message field' });
  await expect.poll(() => errors.filter((e) => e === INVALID).length).toBe(2);
  await expect(snackbar(page)).toHaveCount(0);
  // A plain string is fine, and is an info message.
  await raise(page, 'Saved.');
  await expect(snackbar(page)).toHaveCSS('background-color', GREEN);
});

test('top-right on extra-large screens, at the bottom otherwise', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await raise(page, 'Top right.');
  let box = (await snackbar(page).boundingBox())!;
  expect(box.y).toBeLessThan(100);
  expect(box.x + box.width).toBeGreaterThan(1366 - 40);

  await page.setViewportSize({ width: 1279, height: 800 });
  box = (await snackbar(page).boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(800 - 40);

  await page.setViewportSize({ width: 390, height: 844 });
  box = (await snackbar(page).boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(844 - 40);
  expect(box.width).toBeLessThanOrEqual(390);
});
