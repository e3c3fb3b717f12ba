// Parties, the leaderboard and profile projects end to end (issue 19). Members are made through
// the API; a project is taken through the projects API (post, apply, accept, start, complete,
// review) so its reviews award points. What is under test goes through the pages: a student
// forms a party, invites a second student who accepts from the member page, and removes them;
// the leaderboard ranks the points with the viewer's own rank; a profile's Projects tab lists
// the completed project with its review; a Lecturer is told why the party pages are not theirs.
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import {
  createMember,
  expectAccessible,
  signIn as signInWith,
  unique,
  type Member,
} from '../support/members';
import { inDays } from '../support/orders';

const PASSWORD = 'party-e2e-pass-1';

const newMember = (request: APIRequestContext, role: 'Student' | 'Lecturer', name: string) =>
  createMember(request, { name, role, password: PASSWORD, prefix: 'p' });

const signIn = (context: BrowserContext, baseURL: string, member: Member) =>
  signInWith(context, baseURL, member.email, PASSWORD);

const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });

/** A request as `member` that must answer `status`; its JSON. */
async function call<T>(
  request: APIRequestContext,
  member: Member,
  method: 'post' | 'patch',
  path: string,
  status: number,
  data: unknown = {},
): Promise<T> {
  const response = await request[method](path, { headers: auth(member), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

test('a student forms a party, invites a second student who accepts from the member page, and removes them', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const leader = await newMember(request, 'Student', 'Lena Leader');
  const bea = await newMember(request, 'Student', 'Bea Member');
  const partyName = `Atlas crew ${unique()}`;

  const leaderContext = await browser.newContext();
  const page = await signIn(leaderContext, baseURL!, leader);
  // The party is in My Account for a Student; /party opens the leader's page.
  await page.goto('/');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Party' }).click();
  await expect(page).toHaveURL(/\/party\/leader$/);
  await page.getByLabel('Party name').fill(partyName);
  await page.getByLabel('Description').fill('We design walking tours of old towns.');
  await page.getByRole('button', { name: 'Create party' }).click();
  await expect(page.getByRole('heading', { level: 2, name: partyName })).toBeVisible();
  await expect(page.getByTestId('member-count')).toHaveText('(0 of 5)');

  // Refusals in words: nobody has the tag name (404); an invitation already waiting (409).
  const inviteError = page.locator('form.party-invite .field-error');
  await page.getByLabel('Tag name').fill('@nobody_here_at_all');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(inviteError).toContainText('No member has the tag name @nobody_here_at_all.');
  await page.getByLabel('Tag name').fill(`@${bea.tagname.toUpperCase()}`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invites = page.getByTestId('party-invite');
  await expect(invites).toHaveCount(1);
  await expect(invites).toContainText(bea.name);
  await expectAccessible(page, 'the party leader page');
  await page.getByLabel('Tag name').fill(bea.tagname);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(inviteError).toContainText('already has an invitation waiting');

  // Bea answers from the member page; a notification leads there too.
  const beaContext = await browser.newContext();
  const beaPage = await signIn(beaContext, baseURL!, bea);
  await beaPage.goto('/notifications');
  await beaPage.getByRole('link', { name: /invit/i }).first().click();
  await expect(beaPage).toHaveURL(/\/party\/member$/);
  await expect(beaPage.getByTestId('party-invitation')).toContainText(partyName);
  await beaPage.getByRole('button', { name: `Accept the invitation to ${partyName}` }).click();
  const membership = beaPage.getByTestId('member-party');
  await expect(membership).toContainText(partyName);
  await expect(membership).toContainText(leader.name);
  await expectAccessible(beaPage, 'the party member page');
  await expect(beaPage.getByTestId('party-invitation')).toHaveCount(0);

  // The leader sees Bea as a member and removes her, after confirming.
  await page.reload();
  await expect(page.getByTestId('member-count')).toHaveText('(1 of 5)');
  await expect(page.getByTestId('party-member')).toContainText(bea.name);
  await expect(page.getByTestId('party-invite')).toHaveCount(0);
  await page.getByRole('button', { name: `Remove ${bea.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${bea.name}?` });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('party-member')).toHaveCount(0);
  await expect(page.getByTestId('member-count')).toHaveText('(0 of 5)');

  await beaPage.reload();
  await expect(beaPage.getByText('You are not a member of a party yet.')).toBeVisible();

  // Phone first: the leader's page fits 360 px.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: partyName })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await leaderContext.close();
  await beaContext.close();
});

test('the leaderboard ranks reviewed points with the viewer’s own rank; a profile lists the completed project with its review', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lecturer = await newMember(request, 'Lecturer', 'Leo Lecturer');
  const ada = await newMember(request, 'Student', 'Ada Student');
  const ben = await newMember(request, 'Student', 'Ben Student');
  await call(request, ada, 'patch', '/api/user', 200, { expertise: 'Tour Guide' });
  const title = `Old town walking tour ${unique()}`;

  // The project, through the projects API: posted, both apply, accepted, run and reviewed.
  const { project } = await call<{ project: { id: string } }>(
    request,
    lecturer,
    'post',
    '/api/projects',
    201,
    {
      title,
      description: 'Design and guide a two-hour walking tour of the old town for visitors.',
      expertise: ['tour-guide'],
      applicant_types: ['individual'],
      slots: 2,
      deadline: inDays(5),
      start_date: inDays(6),
      end_date: inDays(8),
    },
  );
  const applyAs = (student: Member) =>
    call<{ application: { id: string } }>(
      request,
      student,
      'post',
      `/api/project/${project.id}/apply`,
      201,
      {
        type: 'individual',
        apply_reason: 'I have guided walking tours for three summers.',
        self_describe: 'A tour guide who loves local history.',
        expertise: 'tour-guide',
      },
    );
  const applications = [await applyAs(ada), await applyAs(ben)];
  for (const { application } of applications)
    await call(
      request,
      lecturer,
      'post',
      `/api/project/${project.id}/shortlist/${application.id}/accept`,
      200,
    );
  await call(request, lecturer, 'post', `/api/project/${project.id}/start`, 200);
  await call(request, lecturer, 'post', `/api/project/${project.id}/complete`, 200);
  const comment = `A superb guide, clear and on time ${unique()}.`;
  await call(request, lecturer, 'post', `/api/project/${project.id}/reviews`, 201, {
    user_id: ada.id,
    rating: 5,
    comment,
  });
  await call(request, lecturer, 'post', `/api/project/${project.id}/reviews`, 201, {
    user_id: ben.id,
    rating: 4,
    comment: 'Good work on the route and the stories.',
  });

  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, ada);
  await page.goto('/leaderboard?expertise=tour-guide');
  const tabs = page.getByRole('navigation', { name: 'Expertise' });
  await expect(tabs.getByRole('link', { name: 'Tour Guide', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const adaRow = page.getByTestId('leaderboard-row').filter({ hasText: ada.name });
  const benRow = page.getByTestId('leaderboard-row').filter({ hasText: ben.name });
  await expect(adaRow).toContainText('50 Points');
  await expect(adaRow).toHaveAttribute('data-me', 'true');
  await expect(benRow).toContainText('30 Points');
  await expectAccessible(page, 'the leaderboard');
  await expect(adaRow.getByRole('link', { name: `@${ada.tagname}` })).toHaveAttribute(
    'href',
    `/@/${ada.tagname}/info`,
  );
  const adaRank = Number(await adaRow.locator('[data-rank]').getAttribute('data-rank'));
  const benRank = Number(await benRow.locator('[data-rank]').getAttribute('data-rank'));
  expect(adaRank).toBeLessThan(benRank);
  await expect(page.getByTestId('leaderboard-me')).toContainText(
    `Your rank in Tour Guide: #${adaRank} with 50 Points`,
  );
  // Another expertise: no points there, so not ranked.
  await tabs.getByRole('link', { name: 'Chef', exact: true }).click();
  await expect(page.getByTestId('leaderboard-me')).toContainText('You have 0 Points in Chef');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/leaderboard?expertise=tour-guide');
  await expect(adaRow).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ada's profile: the points label, and the completed project with its review.
  await page.goto(`/@/${ada.tagname}/projects`);
  await expect(page.getByTestId('profile-points')).toHaveText('50 Points');
  const item = page.getByTestId('profile-project').filter({ hasText: title });
  await expect(item).toContainText('Completed');
  await expect(item.getByTestId('project-review')).toContainText(comment);
  await expect(item.getByTestId('project-review')).toContainText('+50 Points in Tour Guide');
  await expect(item.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/project/${project.id}`,
  );
  // Her own Projects tab: her application, from the copy on this device, and the project.
  await page.goto('/profile/projects');
  await expect(page.getByTestId('my-application').filter({ hasText: title })).toContainText(
    'Accepted',
  );
  await expect(page.getByTestId('profile-project').filter({ hasText: title })).toBeVisible();

  // A Lecturer: their projects with the links to manage them; the party pages say why not.
  const lecturerContext = await browser.newContext();
  const lecturerPage = await signIn(lecturerContext, baseURL!, lecturer);
  await lecturerPage.goto('/profile/projects');
  const own = lecturerPage.getByTestId('profile-project').filter({ hasText: title });
  await expect(own).toContainText('Completed');
  await expect(own.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    `/project/${project.id}/dashboard`,
  );
  await lecturerPage.goto('/party');
  await expect(lecturerPage).toHaveURL(/\/party\/leader$/);
  await expect(lecturerPage.getByTestId('party-students-only')).toContainText(
    'Parties are for students',
  );
  await context.close();
  await lecturerContext.close();
});
