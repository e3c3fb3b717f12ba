/// <reference lib="dom" />
// An agent's portfolio (issue 20): a new agent opens Projects from the sidebar, reads what a
// portfolio is for, adds a project with a picture (the form's errors first), sees it listed with
// its cover, edits it, and a guest sees it on the agent's public profile Projects tab; then the
// agent deletes it after a confirmation. The states the every-route spec does not reach (the
// form showing errors, the filled list, the profile tab with a project) are read by axe and fit
// a 360 px screen.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createMember, seriousAxeViolations, signIn } from '../support/members';

const PASSWORD = 'portfolio-pass-1';
/** A real picture (a demo gig's), 4:3, so the cover has something to show. */
const PICTURE = readFileSync(
  new URL('../../api/src/seed/demo/images/desert-retreat-1.png', import.meta.url),
);

/** No serious axe violation, and nothing wider than the 360 px viewport. */
async function expectFitAndAccessible(page: Page, what: string) {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the document's width`).toBeLessThanOrEqual(360);
}

/** The picture of `img` loaded (a broken one has no natural width). */
const expectLoaded = async (page: Page, name: string | RegExp) => {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
};

test('an agent adds a portfolio project with a picture, edits it, and a guest sees it on their profile', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const agent = await createMember(request, {
    name: 'Nadia Portfolio',
    role: 'Agent',
    password: PASSWORD,
    prefix: 'pf',
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await signIn(context, baseURL!, agent.email, PASSWORD);

  // The sidebar's Projects: an empty portfolio says what one is for.
  await page.goto('/agent/dashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Agent area' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL(/\/agent\/agent-projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Show customers your best work' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a project' }).click();

  // Sent empty: the errors by their fields, before any request.
  await expect(page.getByRole('heading', { level: 1, name: 'Add a project' })).toBeVisible();
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByTestId('portfolio-form-alert')).toContainText(
    'There were some problems with your input.',
  );
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Choose a service.')).toBeVisible();
  await expectFitAndAccessible(page, 'the project form with errors');

  await page.getByLabel('Title').fill('Desert retreat for a design studio');
  await page.getByLabel('Service').selectOption({ label: 'Travel Agent' });
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Two nights in the **Agafay** desert for a team of twelve, with a workshop tent.');
  await page.getByLabel('Month completed').selectOption({ label: 'March' });
  await page.getByLabel('Year completed').fill('2025');
  await page
    .getByLabel('Add pictures')
    .setInputFiles([{ name: 'camp.png', mimeType: 'image/png', buffer: PICTURE }]);
  await expect(page.getByRole('img', { name: 'Preview of camp.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Add project' }).click();

  // Listed, with its cover.
  await expect(page).toHaveURL(/\/agent\/agent-projects$/);
  const card = page.getByTestId('portfolio-card');
  await expect(card).toHaveCount(1);
  await expect(
    card.getByRole('heading', { name: 'Desert retreat for a design studio' }),
  ).toBeVisible();
  await expect(card).toContainText('Travel Agent');
  await expect(card).toContainText('March 2025');
  await expectLoaded(page, 'Desert retreat for a design studio');
  await expect(page.getByText(/1 of 20 projects/)).toBeVisible();
  await expectFitAndAccessible(page, 'the agent’s portfolio');

  // Edited: the form opens with what was saved.
  await card.getByRole('link', { name: 'Edit “Desert retreat for a design studio”' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit project' })).toBeVisible();
  await expect(page.getByLabel('Year completed')).toHaveValue('2025');
  await expect(page.getByRole('img', { name: 'Picture 1 of the project' })).toBeVisible();
  await page.getByLabel('Title').fill('Agafay desert retreat for a design studio');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/agent\/agent-projects$/);
  await expect(
    page.getByTestId('portfolio-card').getByRole('heading', {
      name: 'Agafay desert retreat for a design studio',
    }),
  ).toBeVisible();

  // A guest on the agent's profile, Projects tab.
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/@/${agent.tagname}/projects`);
  const region = guest.getByRole('region', { name: 'Portfolio' });
  await expect(
    region.getByRole('heading', { name: 'Agafay desert retreat for a design studio' }),
  ).toBeVisible();
  await expect(region.getByText('Agafay', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(region).toContainText('March 2025');
  await expectLoaded(guest, 'Agafay desert retreat for a design studio');
  await expect(guest.getByText(/takes part in projects as a Lecturer or a Student/)).toHaveCount(0);
  await expectFitAndAccessible(guest, 'an agent’s Projects tab');

  // Deleted after a confirmation: the guest's next visit finds an empty portfolio.
  await page
    .getByRole('button', { name: 'Delete “Agafay desert retreat for a design studio”' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this project?' });
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('heading', { name: 'Show customers your best work' })).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'No portfolio projects yet' })).toBeVisible();
  await guestContext.close();
  await context.close();
});
