import { expect, test } from '@playwright/test';
import { SEEDED_CATEGORIES } from '../support/members';

test('the home page shows live health and the seeded categories from the real API', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });

  await page.goto('/');
  await expect(page).toHaveTitle(/Wayfarer Market/);
  const status = page.getByTestId('health-status');
  await expect(status).toHaveAttribute('data-state', 'ok');
  await expect(status).toContainText('All systems operational');

  const categories = page.getByRole('region', { name: 'Browse by category' }).getByRole('listitem');
  await expect(categories).toHaveText(SEEDED_CATEGORIES);
  expect(errors, 'no console errors (CSP violations included)').toEqual([]);
});

test('an unknown path shows the 404 page, and its link goes home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Wayfarer Market');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('health-status')).toHaveAttribute('data-state', 'ok');
});

test('the API answers health and services through the same origin', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const services = await request.get('/api/getServices');
  expect(((await services.json()) as unknown[]).length).toBe(8);
});
