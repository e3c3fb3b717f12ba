/// <reference lib="dom" />
// Public profiles (issue 20): a member finds another by @tagname from the header search (its
// People results) and opens their profile; a member messages another from their profile's
// "Message" button, and a profile seen before opens offline from the device's copy, while one
// never seen says so inside the normal layout (the header stays). The profile's points read "N Points".
import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/sync';
import { createMember, signIn } from '../support/members';

const PASSWORD = 'profiles-pass-1';

test('a member finds another by @tagname from the header search and opens their profile', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seeker = await createMember(request, {
    name: 'Sana Seeker',
    password: PASSWORD,
    prefix: 'ps',
  });
  const agent = await createMember(request, {
    name: 'Farid Findable',
    role: 'Agent',
    password: PASSWORD,
    prefix: 'ps',
  });
  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, seeker.email, PASSWORD);

  await page.goto('/customer/dashboard');
  // The placeholder says exactly what the header search looks through.
  const search = page.getByRole('searchbox', { name: 'Search gigs and people' });
  await expect(search).toHaveAttribute('placeholder', 'Search gigs and people');
  await search.fill(`@${agent.tagname.toUpperCase()}`);
  await search.press('Enter');

  await expect(page).toHaveURL(/\/explore\?q=/);
  const people = page.getByRole('region', { name: /^People/ });
  const result = people.getByRole('link', { name: /Farid Findable/ });
  await expect(result).toContainText(`@${agent.tagname}`);
  await expect(people.getByRole('link')).toHaveCount(1);
  await result.click();

  await expect(page).toHaveURL(new RegExp(`/@/${agent.tagname}(/|$)`));
  await expect(page.getByRole('heading', { level: 1, name: 'Farid Findable' })).toBeVisible();
  await context.close();
});

test('a member messages another from their public profile', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const writer = await createMember(request, {
    name: 'Wanda Writer',
    password: PASSWORD,
    prefix: 'pm',
  });
  const agent = await createMember(request, {
    name: 'Rami Receiver',
    role: 'Agent',
    password: PASSWORD,
    prefix: 'pm',
  });
  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, writer.email, PASSWORD);

  await page.goto(`/@/${agent.tagname}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rami Receiver' })).toBeVisible();
  // No entry on the leaderboard yet: the spec's label still counts.
  await expect(page.getByTestId('points-label')).toHaveText('0 Points');
  await page.getByRole('link', { name: 'Message', exact: true }).click();

  await expect(page).toHaveURL(/\/inbox\/conv%3A/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rami Receiver' })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello Rami, are you free on the 12th?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(
    page.getByTestId('message').filter({ hasText: 'Hello Rami, are you free on the 12th?' }),
  ).toBeVisible();

  // It reached the agent: their inbox lists the conversation with the writer.
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/inbox', {
          headers: { authorization: `Bearer ${agent.token}` },
        });
        return JSON.stringify(await response.json());
      },
      { timeout: 30_000 },
    )
    .toContain('Wanda Writer');
  await context.close();
});

test('a guest who presses Message logs in first', async ({ page }) => {
  await page.goto('/@/amara_guides');
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F%40%2Famara_guides%2Fmessage$/);
});

test('a profile seen before opens offline; one never seen says so inside the layout', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const visitor = await createMember(request, {
    name: 'Otto Offline',
    password: PASSWORD,
    prefix: 'po',
  });
  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, visitor.email, PASSWORD);

  await page.goto('/');
  // The e2e build always has the service worker (as explore.spec's offline tests expect): a page
  // it does not come to control is a failure, not a reason to skip.
  await waitForServiceWorkerControl(page);
  // Seen once online, with the service worker in control.
  await page.goto('/@/kenji_cooks/info');
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeVisible();
  const fullName = (await name.textContent())!.trim();
  await expect(page.getByTestId('points-label')).toHaveText(/^\d+ Points$/);
  // An agent's profile lists their active gigs, linked to the gig pages.
  const gigs = page.getByRole('region', { name: `Gigs by ${fullName}` });
  await expect(gigs.getByTestId('gig-card').first()).toBeVisible();
  const gigTitle = (await gigs.getByRole('heading', { level: 3 }).first().textContent())!.trim();
  await expect(gigs.getByRole('link', { name: gigTitle })).toHaveAttribute('href', /^\/gigs\//);

  await context.setOffline(true);
  await page.goto('/@/kenji_cooks/info');
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByTestId('points-label')).toHaveText(/^\d+ Points$/);
  await expect(gigs.getByRole('heading', { level: 3, name: gigTitle })).toBeVisible();

  // Never seen on this device: said inside the normal layout, not a bare error page.
  await page.goto('/@/omar_events/info');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page is not available offline' }),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wayfarer Market' }).first()).toBeVisible();
  await context.close();
});
