// Accounts end to end on the real app (issue 3): registration, verification by the mailed link,
// onboarding, logout, remembered login, password change and reset, account deletion, and the
// route guards. Mail is read from the development outbox (GET /api/dev/mail).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  apiLogin,
  createMember,
  logOutOfArea,
  signInWithCookie,
  unique,
  expectAccessible,
  mailedLink,
} from '../support/members';
import { dropFiles, throttleUploads } from '../support/files';

/** A 1×1 PNG: the server checks uploads by their content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DAY_S = 86_400;
/** A minimal PDF: the server checks a CV by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a new Customer registers, verifies, onboards and manages the account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const email = `e2e-${id}@example.test`;
  const tagname = `e2e_${id}`.slice(0, 30);
  const firstPassword = 'first-password-1';
  const secondPassword = 'second-password-2';
  const thirdPassword = 'third-password-3';

  // Register as a Customer.
  await page.goto('/register');
  await expect(page).toHaveTitle('Register · Wayfarer Market');
  await page.getByLabel('Full name').fill('Erin Test');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(firstPassword);
  await expect(page.getByText('I want to hire travel professionals and post jobs.')).toBeVisible();
  await page.getByRole('radio', { name: /Customer/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email\/check$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  // Open the mailed verification link.
  const verifyLink = await mailedLink(request, email, '/email/verify/');
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  // Onboarding: tagname, details, photo.
  await expect(page).toHaveURL(/\/newcomer\/page1$/);
  await page.getByRole('textbox', { name: 'Tagname' }).fill('sofia_marin');
  await expect(page.getByTestId('tagname-status')).toContainText(/taken/i);
  await page.getByRole('textbox', { name: 'Tagname' }).fill(tagname);
  await expect(page.getByTestId('tagname-status')).toHaveText(`@${tagname} is available.`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/newcomer\/page2$/);
  await expect(page.getByLabel('Full name')).toHaveValue('Erin Test');
  await page.getByRole('button', { name: 'Tour Guide' }).click();
  await expect(page.getByLabel('Expertise')).toHaveValue('Tour Guide');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/newcomer\/page3$/);
  await page.getByLabel('New photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  // The file field shows the chosen photo before it goes up.
  await expect(page.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen file' })).toContainText('70 bytes');
  await page.getByRole('button', { name: 'Upload and finish' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Erin' })).toBeVisible();
  // The uploaded photo is served back (same origin, so the CSP allows it) and shown.
  const photo = page.locator('.dashboard-welcome img.avatar');
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1);

  const me = await page.request.get('/api/user/' + tagname);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ tagname, expertise: 'Tour Guide', role: 'Customer' });

  // Logout through the modal.
  await page.getByRole('button', { name: 'Account menu for Erin Test' }).click();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to Logout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();

  // Log in with "remember me": the token cookie lives about 365 days.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(firstPassword);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(cookie).toBeDefined();
  const daysLeft = (cookie!.expires - Date.now() / 1000) / DAY_S;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThan(366);
  expect(cookie!.sameSite).toBe('Lax');

  // Change the password; another session (a second device) ends, this one goes on.
  const other = await apiLogin(request, email, firstPassword);
  expect(
    (
      await request.get('/api/user', { headers: { Authorization: `Bearer ${other.token}` } })
    ).status(),
  ).toBe(200);
  await page
    .getByRole('navigation', { name: 'Customer area' })
    .getByRole('link', { name: 'Change Password' })
    .click();
  await expect(page).toHaveURL(/\/customer\/customer-change-password$/);
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByLabel('New password', { exact: true }).fill(secondPassword);
  await page.getByLabel('Confirm new password').fill(secondPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'other device' })).toBeVisible();
  expect(
    (
      await request.get('/api/user', { headers: { Authorization: `Bearer ${other.token}` } })
    ).status(),
  ).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  // Forgot the password: reset it by mail, then log in with the new one.
  await logOutOfArea(page);
  await expect(page).toHaveURL(/\/login$/);
  const beforeReset = new Date().toISOString();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /reset/ })).toBeVisible();
  const resetLink = await mailedLink(request, email, '/password/reset/', beforeReset);
  await page.goto(resetLink);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
  await page.getByLabel('Confirm new password').fill(thirdPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(thirdPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  // Delete the account: back to the index, and the login is refused.
  await page
    .getByRole('navigation', { name: 'Customer area' })
    .getByRole('link', { name: 'Account Delete' })
    .click();
  await page.getByLabel('Your password, to confirm').fill('not-the-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await page.getByLabel('Your password, to confirm').fill(thirdPassword);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const refused = await request.post('/api/login', {
    data: { email, password: thirdPassword, remember: false },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([
    'These credentials do not match our records.',
  ]);
});

test('a wrong password shows the server error by the email field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('sofia@wayfarer.test');
  await page.getByLabel('Password').fill('not-her-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('There were some problems with your input.');
  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await emailField.fill('sofia@wayfarer.tes');
  await expect(emailField).not.toHaveAttribute('aria-invalid', 'true');
});

test('a member downloads their own CV, which a plain link could not fetch', async ({
  page,
  baseURL,
}) => {
  /** 300 KB: a PDF by its first bytes. */
  const CV = Buffer.concat([PDF, Buffer.alloc(300 * 1024 - PDF.length, 0x20)]);
  const password = 'a-good-password';
  const member = await createMember(page.request, { name: 'Cv Owner', password, prefix: 'cv' });
  await signInWithCookie(page, baseURL, member.email, password);
  await page.goto('/customer/customer-profile-settings');
  const cvForm = page.locator('form', { has: page.getByLabel('New CV (PDF)') });
  const zone = cvForm.getByTestId('file-drop');
  // Files dropped on the field: a photo is refused there, before any upload; the PDF is taken.
  await dropFiles(zone, [{ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 }]);
  await expect(cvForm.getByText('The CV must be a PDF file.')).toBeVisible();
  await dropFiles(zone, [{ name: 'cv.pdf', mimeType: 'application/pdf', buffer: CV }]);
  await expect(cvForm.getByText('The CV must be a PDF file.')).toHaveCount(0);
  const chosen = cvForm.getByRole('list', { name: 'Chosen file' });
  await expect(chosen).toContainText('cv.pdf');
  await expect(chosen).toContainText('300 KB');
  // At 100 KB/s the upload takes about 3 s: its bar climbs, then goes once the CV is saved.
  const unthrottle = await throttleUploads(page, 100 * 1024);
  await cvForm.getByRole('button', { name: 'Upload', exact: true }).click();
  const progress = cvForm.getByRole('progressbar', { name: 'Uploading cv.pdf' });
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9][0-9]?$/);
  await expect(page.getByText('Your CV was uploaded.')).toBeVisible({ timeout: 20_000 });
  await unthrottle();
  await expect(progress).toHaveCount(0);
  await expect(chosen).toHaveCount(0);

  const places: [string, string][] = [
    ['/customer/customer-profile-settings', 'Download your current CV'],
    ['/profile/info', 'Download CV (PDF)'],
  ];
  for (const [path, name] of places) {
    await page.goto(path);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cv.pdf');
    expect((await readFile(await download.path())).equals(CV)).toBe(true);
  }
  // The file's address alone (no session) gets nothing.
  const me = await page.request.get('/api/user', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const { user } = (await me.json()) as { user: { cv: string } };
  const anonymous = await page.request.get(user.cv, { headers: { authorization: '' } });
  expect(anonymous.status()).toBe(401);
});

test('registering an address that has an account shows a neutral error by the email field', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Not Sofia');
  await page.getByLabel('Email').fill('sofia@wayfarer.test');
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByRole('radio', { name: /Customer/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(
      'We could not create an account with this email address. If you already have an account, log in or reset your password.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a guest opening /profile logs in and comes back to /profile', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.getByLabel('Email').fill('mei@wayfarer.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mei Lin' })).toBeVisible();
  await page.getByRole('link', { name: 'Info' }).click();
  await expect(page.getByText('mei@wayfarer.test')).toBeVisible();
});

test('a non-admin opening the admin area is sent to the admin login', async ({ page, baseURL }) => {
  await signInWithCookie(page, baseURL, 'sofia@wayfarer.test');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
  await page.getByLabel('Email').fill('sofia@wayfarer.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('an admin logs in at the admin login and reaches the admin area', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('admin@wayfarer.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});

test('a Customer opening the agent area lands on the customer dashboard', async ({
  page,
  baseURL,
}) => {
  await signInWithCookie(page, baseURL, 'sofia@wayfarer.test');
  await page.goto('/agent/dashboard');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sofia' })).toBeVisible();
  await page.goto('/customer');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
});

test('a verified member without a tagname is sent to onboarding', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `e2e-new-${unique()}@example.test`;
  const password = 'newcomer-password';
  const registered = await request.post('/api/register', {
    data: {
      full_name: 'Nia Newcomer',
      email,
      password,
      password_confirmation: password,
      role: 'Agent',
    },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await mailedLink(request, email, '/email/verify/'));
  const verified = await request.post(`/api${link.pathname}`, {
    data: {
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
    },
  });
  expect(verified.status()).toBe(200);

  await signInWithCookie(page, baseURL, email, password);
  await page.goto('/agent/dashboard');
  await expect(page).toHaveURL(/\/newcomer\/page1$/);
  await expect(page.getByRole('heading', { name: 'Choose your tagname' })).toBeVisible();
});

test('public profiles show the person, and a missing one is a 404', async ({ page }) => {
  await page.goto('/@/sofia_marin');
  await expect(page).toHaveURL(/\/@\/sofia_marin\/info$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sofia Marin' })).toBeVisible();
  await expect(page).toHaveTitle('Sofia Marin · Wayfarer Market');
  await expect(page.getByText('sofia@wayfarer.test')).toHaveCount(0);

  await page.goto('/@/nobody_has_this_name');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the development mail page lists mail with working links', async ({ page, request }) => {
  const sent = await request.post('/api/password/email', {
    data: { email: 'daniel@wayfarer.test' },
  });
  expect(sent.status()).toBe(200);
  // The mail is sent after the answer (the answer must not tell whether the account exists).
  await mailedLink(request, 'daniel@wayfarer.test', '/password/reset/');
  await page.goto('/');
  await page.getByRole('link', { name: 'Developer mail' }).click();
  await expect(page).toHaveURL(/\/dev\/mail$/);
  const mail = page.getByRole('listitem').filter({ hasText: 'To daniel@wayfarer.test' }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: /\/password\/reset\// }).click();
  await expect(page).toHaveURL(/\/password\/reset\/[^/?]+\?email=daniel%40wayfarer\.test$/);
  await expect(page.getByLabel('Email')).toHaveValue('daniel@wayfarer.test');
});

// The account pages themselves are read by axe in every-route.spec.ts (every route, as each
// role); here, the states it does not reach: a form showing errors, the logout confirmation.
test('the login form with errors has no serious accessibility problems', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'login with errors');
});

test('the logout confirmation has no serious accessibility problems', async ({ page, baseURL }) => {
  await signInWithCookie(page, baseURL, 'amara@wayfarer.test');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /My Account/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'logout modal');
});
