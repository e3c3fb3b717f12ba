// Projects end to end (issue 19). The members and the team's party are made through the API; the
// flow under test goes through the pages: a lecturer posts a project for individuals and teams;
// a student applies alone; another student applies with the party they lead; the lecturer
// accepts both from the shortlist, starts and completes the project and reviews everyone, each
// review giving points (the student applying alone does so on a 360 px wide phone). Also: the role
// guards say why they refuse.
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { createMember, signIn as signInWith, unique, type Member } from '../support/members';
import { expectHintsClearOfLabels } from '../support/layout';
import { inDays } from '../support/orders';

const PASSWORD = 'projects-e2e-pass-1';

const newMember = (request: APIRequestContext, role: 'Student' | 'Lecturer', name: string) =>
  createMember(request, { name, role, password: PASSWORD, prefix: 'p' });

const signIn = (context: BrowserContext, baseURL: string, member: Member) =>
  signInWith(context, baseURL, member.email, PASSWORD);

const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });

/** `leader` makes a party and `members` join it, through the API. */
async function makeParty(
  request: APIRequestContext,
  leader: Member,
  members: Member[],
  name: string,
) {
  const made = await request.post('/api/party', { headers: auth(leader), data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  for (const member of members) {
    const invited = await request.post('/api/party/invites', {
      headers: auth(leader),
      data: { tagname: member.tagname },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { invite } = (await invited.json()) as { invite: { id: string } };
    const accepted = await request.post(`/api/party/invites/${invite.id}/accept`, {
      headers: auth(member),
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
}

test('a lecturer posts a project; a student applies alone, another with their party; the lecturer accepts both, runs the project and reviews everyone', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const lecturer = await newMember(request, 'Lecturer', 'Lena Lecturer');
  const solo = await newMember(request, 'Student', 'Sol Soloist');
  const leader = await newMember(request, 'Student', 'Lee Leader');
  const member = await newMember(request, 'Student', 'Mo Member');
  const partyName = `Tasters ${unique()}`.slice(0, 40);
  await makeParty(request, leader, [member], partyName);
  const title = `Food tour of Lisbon ${unique()}`;

  // The lecturer posts the project through the form.
  const lecturerContext = await browser.newContext();
  const lecturerPage = await signIn(lecturerContext, baseURL!, lecturer);
  await lecturerPage.goto('/project/post');
  await expect(lecturerPage.getByRole('heading', { level: 1, name: 'Post Project' })).toBeVisible();
  await expectHintsClearOfLabels(lecturerPage, '.project-form-section', 'Post Project');
  await lecturerPage.getByLabel('Title', { exact: true }).fill(title);
  await lecturerPage
    .getByLabel('Description', { exact: true })
    .fill('Plan the **stops**, the tastings and the walking route for a group of twelve.');
  await lecturerPage.getByRole('button', { name: 'Preview' }).click();
  await expect(lecturerPage.getByTestId('description-preview').locator('strong')).toHaveText(
    'stops',
  );
  await lecturerPage.getByRole('button', { name: 'Write' }).click();
  await lecturerPage.getByRole('checkbox', { name: 'Tour Guide' }).check();
  await lecturerPage.getByRole('checkbox', { name: 'Chef' }).check();
  await expect(lecturerPage.getByRole('checkbox', { name: 'Individuals' })).toBeChecked();
  await expect(lecturerPage.getByRole('checkbox', { name: /^Teams/ })).toBeChecked();
  await lecturerPage.getByLabel('Places').fill('2');
  await lecturerPage.getByLabel('Application deadline').fill(inDays(7));
  await lecturerPage.getByLabel('Start date').fill(inDays(10));
  await lecturerPage.getByLabel('End date').fill(inDays(12));
  await lecturerPage.getByLabel('Location').fill('Lisbon');
  await lecturerPage.getByRole('button', { name: 'Publish' }).click();
  await expect(lecturerPage.getByRole('heading', { name: title })).toBeVisible({
    timeout: 20_000,
  });
  await expect(lecturerPage).toHaveURL(/\/project\/(?!post$)[^/]+$/);
  const projectPath = new URL(lecturerPage.url()).pathname;
  await expect(lecturerPage.getByTestId('project-status')).toHaveText('Open');
  await expect(lecturerPage.getByTestId('project-countdown')).toHaveText(/days left/);

  // A student applies alone, from the project page, on a 360 px wide phone (no sideways scroll).
  const soloContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const soloPage = await signIn(soloContext, baseURL!, solo);
  const fitsPhone = async () =>
    expect(await soloPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  await soloPage.goto(projectPath);
  await expect(soloPage.getByRole('heading', { name: title })).toBeVisible();
  await fitsPhone();
  await soloPage.getByRole('link', { name: 'Apply' }).click();
  await expect(soloPage).toHaveURL(`${projectPath}/apply/individual`);
  await expect(soloPage.getByLabel('Why you apply')).toBeVisible();
  await fitsPhone();
  await soloPage
    .getByLabel('Why you apply')
    .fill('I grew up in Lisbon and know its food markets well.');
  await soloPage
    .getByLabel('Describe yourself')
    .fill('Two seasons guiding food walks in Porto and Braga.');
  await soloPage.getByLabel('Your expertise').selectOption({ label: 'Tour Guide' });
  await soloPage.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(soloPage).toHaveURL(projectPath, { timeout: 20_000 });
  await expect(soloPage.getByTestId('my-application')).toContainText('Waiting for a decision');

  // Another student applies with the party they lead.
  const leaderContext = await browser.newContext();
  const leaderPage = await signIn(leaderContext, baseURL!, leader);
  await leaderPage.goto(projectPath);
  await leaderPage.getByRole('link', { name: 'Apply' }).click();
  await leaderPage.getByRole('link', { name: 'Team' }).click();
  await expect(leaderPage).toHaveURL(`${projectPath}/apply/team`);
  await leaderPage
    .getByLabel('Why you apply')
    .fill('Our party cooks and guides together every weekend.');
  await leaderPage
    .getByLabel('Describe your team')
    .fill('A guide and a chef who ran a supper club for a year.');
  await leaderPage.getByLabel('Your expertise').selectOption({ label: 'Tour Guide' });
  await leaderPage.getByLabel(`Expertise of ${member.name}`).selectOption({ label: 'Chef' });
  await leaderPage.getByRole('button', { name: 'Apply as a team' }).click();
  await expect(leaderPage).toHaveURL(projectPath, { timeout: 20_000 });
  await expect(leaderPage.getByTestId('my-application')).toContainText(partyName);

  // The lecturer accepts both from the shortlist.
  await lecturerPage.goto(projectPath);
  await lecturerPage.getByRole('link', { name: /^Shortlist/ }).click();
  await expect(lecturerPage).toHaveURL(`${projectPath}/shorlisted/individual`);
  await expect(lecturerPage.getByTestId('shortlist-slots')).toHaveText('2 places left of 2');
  const soloEntry = lecturerPage.getByRole('article', { name: `Applicant ${solo.name}` });
  await soloEntry
    .getByLabel('Message with your decision (optional)')
    .fill('Welcome aboard: we meet at the market at nine.');
  await soloEntry.getByRole('button', { name: 'Accept' }).click();
  await expect(soloEntry.getByTestId('application-status')).toHaveText('Accepted');
  await expect(lecturerPage.getByTestId('shortlist-slots')).toHaveText('1 place left of 2');
  await lecturerPage.getByRole('link', { name: /^Team/ }).click();
  const teamEntry = lecturerPage.getByRole('article', { name: `Team ${partyName}` });
  await expect(teamEntry).toContainText(member.name);
  await teamEntry.getByRole('button', { name: 'Accept' }).click();
  await expect(teamEntry.getByTestId('application-status')).toHaveText('Accepted');
  await expect(lecturerPage.getByTestId('shortlist-slots')).toHaveText('0 places left of 2');

  // The student sees the decision and its message.
  await soloPage.reload();
  await expect(soloPage.getByTestId('my-application')).toContainText('Accepted');
  await expect(soloPage.getByTestId('my-application')).toContainText('we meet at the market');

  // Start, then complete, from the project page; the dashboard lists the three participants.
  await lecturerPage.goto(projectPath);
  await lecturerPage.getByRole('button', { name: 'Start the project' }).click();
  await expect(lecturerPage.getByTestId('project-status')).toHaveText('In progress');
  await lecturerPage.getByRole('link', { name: 'Dashboard' }).click();
  await expect(lecturerPage.getByTestId('participant')).toHaveCount(3);
  await lecturerPage.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(lecturerPage.getByRole('link', { name: 'Review participants' })).toBeVisible();
  await lecturerPage.getByRole('link', { name: 'Review participants' }).click();
  await expect(lecturerPage).toHaveURL(`${projectPath}/review`);

  // Everyone is reviewed; each review shows the points it gave.
  for (const [person, stars] of [
    [solo, 5],
    [leader, 4],
    [member, 3],
  ] as const) {
    const entry = lecturerPage.getByRole('article', { name: `Review of ${person.name}` });
    // The stars are a radio group (as an order's review): focus the first, then the arrows.
    const rating = entry.getByRole('group', { name: 'Rating', exact: true });
    await rating.getByRole('radio', { name: '1 star' }).focus();
    await lecturerPage.keyboard.press('Space');
    for (let n = 1; n < stars; n += 1) await lecturerPage.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
    await entry.getByLabel('Comment').fill(`Reliable, prepared and kind with the group.`);
    await entry.getByRole('button', { name: `Review ${person.name}` }).click();
    await expect(entry.getByTestId('review-made')).toContainText(/\d+ points?/);
  }
  await expect(lecturerPage.getByText('Everyone is reviewed.')).toBeVisible();

  // The project page reads Completed for the student too.
  await soloPage.reload();
  await expect(soloPage.getByTestId('project-status')).toHaveText('Completed');
  await fitsPhone();

  await Promise.all([lecturerContext.close(), soloContext.close(), leaderContext.close()]);
});

test('the role guards say why: a Student opening Post Project, a Lecturer opening Apply', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two members and two sign-ins: 12 s on a quiet machine, over 30 s under the full suite's load.
  test.setTimeout(90_000);
  const student = await newMember(request, 'Student', 'Sid Student');
  const lecturer = await newMember(request, 'Lecturer', 'Lou Lecturer');

  const studentContext = await browser.newContext();
  const studentPage = await signIn(studentContext, baseURL!, student);
  await studentPage.goto('/project/post');
  await expect(studentPage.getByText(/Only Lecturers can do that/)).toBeVisible();
  await expect(studentPage).not.toHaveURL(/\/project\/post/);

  const lecturerContext = await browser.newContext();
  const lecturerPage = await signIn(lecturerContext, baseURL!, lecturer);
  await lecturerPage.goto('/project/some-project/apply');
  await expect(lecturerPage.getByText(/Only Students can do that/)).toBeVisible();

  await Promise.all([studentContext.close(), lecturerContext.close()]);
});
