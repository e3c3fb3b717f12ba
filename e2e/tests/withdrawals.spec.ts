// Earnings and withdrawals end to end (issue 16), on an API of its own started with
// TEST_CLOCK=true: the 7 days of clearance pass with `POST /api/dev/clock` instead of a wait.
// The run's shared server is not used because moving its clock would expire the pending
// payments and auto-complete the delivered orders of the specs running beside this one.
//
// Kenji (demo agent) earns $180 on an order Sofia (demo customer) pays and accepts over HTTP.
// He sees it clearing with its date, and once it cleared saves a bank account (a mistyped IBAN
// is refused by its checksum first) and asks for withdrawals: below the minimum and above the
// balance the server's figures show by the field. On a later visit he adds a payment service
// beside the bank account, which stays (and cannot be removed while paid to). An admin rejects the first with a reason (the
// amount is available again), is told plainly that a second was cancelled by Kenji meanwhile
// (409), and pays a third with a reference. Kenji sees every status, filters, downloads the
// history and his earnings as CSV, and opens the page offline from his device's copy, where
// requests are disabled. Axe on every page, and no sideways scroll at 360px.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { seriousAxeViolations, unique } from '../support/members';
import { serviceWorkerControls } from '../support/sync';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'wayfarer-demo';
const DAY = 86_400_000;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const IBAN = 'GB82 WEST 1234 5698 7654 32';
const MASKED = 'Kenji Morimoto · GB82 •••• 5432';

/** A free loopback port, chosen synchronously (as playwright.config.ts does). */
function pickFreePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}

const port = pickFreePort();
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let api: APIRequestContext;
let serverLog = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-e2e-wallet-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ADDRESS: '1000',
      TEST_CLOCK: 'true',
      // Demo members, but not the demo gigs and orders: Kenji's balances start at zero here.
      SEED_DEMO_GIGS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-4000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  api = await playwrightRequest.newContext({ baseURL });
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`The API exited:\n${serverLog}`);
        const health = await api.get('/api/health').catch(() => null);
        return health?.status() ?? 0;
      },
      { message: 'the API with TEST_CLOCK starts', timeout: 200_000, intervals: [1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function login(email: string, loginPath = '/api/login'): Promise<string> {
  const response = await api.post(loginPath, { data: { email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A gig of Kenji's that Sofia orders and pays, Kenji delivers and Sofia accepts. */
async function completedOrder(kenji: string, sofia: string, title: string, price: number) {
  const gig = await api.post('/api/gigs', {
    headers: auth(kenji),
    data: {
      title,
      service_id: 'chef',
      description:
        'Learn to cook a family dinner in a Kyoto kitchen, from the market to the table, step by step.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Class',
          price: { amount: price, currency: 'USD' },
          delivery_days: 1,
          revisions: 0,
        },
      ],
    },
  });
  expect(gig.status(), await gig.text()).toBe(201);
  const { gig: created } = (await gig.json()) as { gig: { id: string } };
  const order = await api.post('/api/orders', {
    headers: auth(sofia),
    data: {
      gig_id: created.id,
      tier: 'basic',
      service_date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      travellers: 1,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { order: placed } = (await order.json()) as { order: { id: string } };
  for (const [step, token, data] of [
    ['pay', sofia, { card: CARD }],
    ['deliver', kenji, { message: 'The recipes and the photos of the evening.' }],
    ['accept', sofia, {}],
  ] as const) {
    const response = await api.post(`/api/orders/${placed.id}/${step}`, {
      headers: auth(token),
      data,
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
  }
  return placed.id;
}

/** A signed-in browser context of its own (a `token` cookie, as a returning visitor has). */
async function signedIn(browser: Browser, token: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return context.newPage();
}

/** WCAG 2 A and AA (as the other area and admin specs check), and nothing wider than the screen. */
async function expectAccessible(page: Page, what: string) {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

const figure = (page: Page, name: string) => page.getByTestId(`balance-${name}`);
const withdrawal = (page: Page, amount: string) =>
  page.getByTestId('withdrawal').filter({ has: page.getByRole('heading', { name: amount }) });

async function requestWithdrawal(page: Page, dollars: string) {
  await page.getByLabel('Amount (USD)').fill(dollars);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
}

test('an agent withdraws cleared earnings: rejected, cancelled, paid, exported and read offline', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const kenji = await login('kenji@wayfarer.test');
  const sofia = await login('sofia@wayfarer.test');
  const admin = await login('admin@wayfarer.test', '/api/admin/login');
  const gigTitle = `Kyoto home cooking, evening ${unique()}`;
  // $200.00, of which $180.00 is Kenji's after the 10% fee.
  await completedOrder(kenji, sofia, gigTitle, 20_000);

  // A phone-sized screen: the agent's pages must work at 360px.
  const page = await signedIn(browser, kenji, 360);
  await page.goto('/agent/agent-withdraw');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw History' })).toBeVisible();
  await expect(figure(page, 'pending-clearance')).toHaveText('$180');
  await expect(figure(page, 'available')).toHaveText('$0');
  // The date it clears: 7 days after the order completed.
  const clearsOn = new Date(Date.now() + 7 * DAY).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  await expect(page.getByTestId('clearance-dates')).toHaveText(`$180 on ${clearsOn}`);
  await expect(page.getByText('No withdrawals yet.')).toBeVisible();
  await expectAccessible(page, 'withdraw page, nothing cleared');

  // Eight days later it has cleared.
  const moved = await api.post('/api/dev/clock', { data: { advance_ms: 8 * DAY } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  await expect(figure(page, 'available')).toHaveText('$180');
  await expect(figure(page, 'pending-clearance')).toHaveText('$0');

  // No payout method yet: the page leads to Profile Settings.
  await page.getByRole('link', { name: 'Add one in Profile Settings' }).click();
  await expect(page).toHaveURL(/\/agent\/agent-profile-settings$/);
  const methods = page.getByRole('region', { name: 'Payout methods' });
  await expect(methods.getByTestId('payout-methods-empty')).toBeVisible();
  await methods.getByLabel(/^Bank transfer/).check();
  await methods.getByLabel('Account holder', { exact: true }).fill('Kenji Morimoto');
  // One digit mistyped: the checksum catches it before anything is sent.
  await methods.getByLabel('IBAN', { exact: true }).fill('GB82 WEST 1234 5698 7654 33');
  await methods.getByLabel('SWIFT/BIC', { exact: true }).fill('deutdeff');
  await methods.getByRole('button', { name: 'Save payout method' }).click();
  await expect(
    methods.getByText('This IBAN is not valid: check it for a typing mistake.'),
  ).toBeVisible();
  await expect(methods.getByLabel('IBAN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await methods.getByLabel('IBAN', { exact: true }).fill(IBAN);
  await methods.getByRole('button', { name: 'Save payout method' }).click();
  await expect(methods.getByText(`Saved. Withdrawals can now be paid to ${MASKED}.`)).toBeVisible();
  await expect(methods.getByTestId('payout-method')).toHaveText(/Bank transfer.*GB82 •••• 5432/);
  // Shown masked only: the account number is nowhere on the page.
  await expect(page.locator('body')).not.toContainText('12345698');
  await expectAccessible(page, 'profile settings with a payout method');

  // Requests: the server's limits by the field, then one that goes through.
  await page.goto('/agent/agent-withdraw');
  await expect(page.getByLabel('Pay to')).toHaveValue(/.+/);
  await requestWithdrawal(page, '5');
  await expect(page.getByText('The smallest withdrawal is 10.00 USD.')).toBeVisible();
  await expect(page.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  await requestWithdrawal(page, '500');
  await expect(page.getByText('You can withdraw at most 180.00 USD now.')).toBeVisible();
  await requestWithdrawal(page, '50');
  await expect(page.getByText(`Requested $50 to ${MASKED}.`)).toBeVisible();
  await expect(withdrawal(page, '$50')).toContainText('Pending');
  await expect(figure(page, 'available')).toHaveText('$130');
  await expect(figure(page, 'pending-payout')).toHaveText('$50');
  await expectAccessible(page, 'withdraw page with a pending withdrawal');

  // A later visit to Profile Settings: the bank account cannot be removed while a withdrawal to
  // it is pending, and a payment service added beside it keeps it (a save sends the saved
  // methods back by their ids; their details never come back to the page).
  await page.goto('/agent/agent-profile-settings');
  const later = page.getByRole('region', { name: 'Payout methods' });
  const bank = later.getByTestId('payout-method').filter({ hasText: MASKED });
  await expect(bank).toContainText('Has a pending withdrawal');
  await expect(bank.getByRole('button', { name: `Remove ${MASKED}` })).toHaveCount(0);
  await later.getByLabel(/^Payment service/).check();
  await later.getByLabel('Payment service email', { exact: true }).fill('kenji@pay.example');
  await later.getByRole('button', { name: 'Save payout method' }).click();
  await expect(
    later.getByText('Saved. Withdrawals can now be paid to k•••@pay.example.'),
  ).toBeVisible();
  const bothMethods = [/^Bank transfer.*GB82 •••• 5432/, /^Payment service.*k•••@pay\.example/];
  await expect(later.getByTestId('payout-method')).toHaveText(bothMethods);
  await page.reload();
  await expect(later.getByTestId('payout-method')).toHaveText(bothMethods);
  await expectAccessible(page, 'profile settings with two payout methods');
  await page.goto('/agent/agent-withdraw');
  await expect(page.getByLabel('Pay to')).toHaveValue(/.+/);

  // The admin rejects it with a reason.
  const desk = await signedIn(browser, admin);
  await desk.goto('/admin');
  await desk
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Withdrawals' })
    .click();
  await expect(desk).toHaveURL(/\/admin\/withdrawals$/);
  await expect(desk.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  const first = desk.getByTestId('admin-withdrawal').filter({ hasText: '$50 to Kenji Morimoto' });
  // The admin sees the account in full: they make the transfer.
  await expect(first).toContainText(IBAN);
  await expect(first).toContainText('DEUTDEFF');
  await expectAccessible(desk, 'admin withdrawal queue');
  await first.getByRole('button', { name: 'Reject $50 to Kenji Morimoto' }).click();
  await first.getByLabel('Reason for rejecting').fill('No');
  await first.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(first.getByText('Say why (at least 5 characters).')).toBeVisible();
  const reason = 'The account holder does not match your profile name.';
  await first.getByLabel('Reason for rejecting').fill(reason);
  await first.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(first.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(first).toContainText(`Reason: ${reason}`);

  // Kenji: rejected with the reason, the amount available again.
  await page.reload();
  await expect(withdrawal(page, '$50')).toContainText('Rejected');
  await expect(withdrawal(page, '$50')).toContainText(reason);
  await expect(figure(page, 'available')).toHaveText('$180');
  await expect(figure(page, 'pending-payout')).toHaveText('$0');

  // Two more requests; the admin's queue shows both.
  await requestWithdrawal(page, '75');
  await expect(withdrawal(page, '$75')).toContainText('Pending');
  await requestWithdrawal(page, '20.50');
  await expect(withdrawal(page, '$20.50')).toContainText('Pending');
  await expect(figure(page, 'available')).toHaveText('$84.50');
  await desk.getByRole('button', { name: 'Refresh' }).click();
  const second = desk.getByTestId('admin-withdrawal').filter({ hasText: '$75 to Kenji Morimoto' });
  const third = desk
    .getByTestId('admin-withdrawal')
    .filter({ hasText: '$20.50 to Kenji Morimoto' });
  await expect(second).toBeVisible();
  await expect(third).toBeVisible();

  // Kenji cancels the $20.50 while the admin's page still shows it pending ...
  const cancelled = withdrawal(page, '$20.50');
  await cancelled.getByRole('button', { name: 'Cancel request' }).click();
  await cancelled.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(cancelled).toContainText('Cancelled');
  await expect(figure(page, 'available')).toHaveText('$105');

  // ... so the admin's rejection is refused (409), said plainly.
  await third.getByRole('button', { name: 'Reject $20.50 to Kenji Morimoto' }).click();
  await third.getByLabel('Reason for rejecting').fill('Too small to send on its own.');
  await third.getByRole('button', { name: 'Reject withdrawal' }).click();
  const conflict = third.getByRole('alert');
  await expect(conflict).toContainText('This withdrawal is cancelled already.');
  await expect(conflict).toContainText('Someone decided it meanwhile, so nothing was changed.');

  // The $75 is paid, with the transfer's reference.
  await second.getByRole('button', { name: 'Mark $75 to Kenji Morimoto as paid' }).click();
  await second.getByLabel('Transfer reference').fill('TRX-2026-0042');
  await second.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(second.getByText('Paid', { exact: true })).toBeVisible();
  await expect(second).toContainText('Reference TRX-2026-0042');
  await conflict.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(desk.getByText('No pending withdrawals. All caught up.')).toBeVisible();

  // The audit log reads both decisions as sentences, with the agent, the amount and the
  // reference or the reason.
  await desk.goto('/admin/audit');
  await expect(
    desk.getByText('Paid Kenji Morimoto’s withdrawal of $75 (reference TRX-2026-0042)', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    desk.getByText(`Rejected Kenji Morimoto’s withdrawal of $50: ${reason}`, { exact: true }),
  ).toBeVisible();
  await expect(desk.getByRole('link', { name: /^Withdrawal #/ })).toHaveCount(2);

  // The finance page: the figures, the ledger reconciled, the months as a chart and a table.
  await desk
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Finance' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  const figures = desk.getByRole('list', { name: 'Money figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Gross volume' })).toContainText(
    '$200',
  );
  await expect(figures.getByRole('listitem').filter({ hasText: 'Fees earned' })).toContainText(
    '$20',
  );
  await expect(figures.getByRole('listitem').filter({ hasText: 'Paid out' })).toContainText('$75');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Pending payouts' })).toContainText(
    '$0',
  );
  await expect(desk.getByTestId('ledger-check')).toContainText('Ledger reconciled');
  await expect(desk.getByRole('img', { name: /Money per month/ })).toBeVisible();
  await desk.getByText('Show the figures as a table').click();
  const table = desk.getByRole('table', { name: /Money per month/ });
  await expect(table.getByRole('columnheader', { name: 'Gross volume' })).toBeVisible();
  await expect(table).toContainText('$200');
  await expect(table).toContainText('$75');
  await expectAccessible(desk, 'admin finance page');
  await desk.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(desk, 'admin finance page at 360px');
  await desk.goto('/admin/withdrawals?status=all');
  await expectAccessible(desk, 'admin withdrawals at 360px');
  await desk.context().close();

  // Kenji sees every status; the filter narrows the list.
  await page.reload();
  await expect(withdrawal(page, '$75')).toContainText('Paid');
  await expect(withdrawal(page, '$75')).toContainText('reference TRX-2026-0042');
  await expect(figure(page, 'withdrawn')).toHaveText('$75');
  await expect(figure(page, 'available')).toHaveText('$105');
  await expect(page.getByText('3 withdrawals.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Withdrawal status' })
    .getByRole('link', { name: 'Paid' })
    .click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(page.getByText('1 paid withdrawal.')).toBeVisible();
  await expect(page.getByTestId('withdrawal')).toHaveCount(1);
  await page
    .getByRole('navigation', { name: 'Withdrawal status' })
    .getByRole('link', { name: 'All' })
    .click();
  await expect(page.getByTestId('withdrawal')).toHaveCount(3);

  // The history and the earnings as CSV files.
  const [history] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download history (CSV)' }).click(),
  ]);
  expect(history.suggestedFilename()).toMatch(/^wayfarer-withdrawals-\d{4}-\d{2}-\d{2}\.csv$/);
  const historyCsv = readFileSync((await history.path())!, 'utf8').replace(/^\ufeff/, '');
  const rows = historyCsv.trim().split('\r\n');
  expect(rows[0]).toBe(
    'withdrawal_id,requested_at,amount,currency,payout_method,status,reference,reason,decided_at',
  );
  expect(rows).toHaveLength(4);
  expect(historyCsv).toContain(`,75.00,USD,${MASKED},paid,TRX-2026-0042,,`);
  expect(historyCsv).toContain(`,20.50,USD,${MASKED},cancelled,,,`);
  expect(historyCsv).toContain(`,50.00,USD,${MASKED},rejected,,${reason},`);
  const [earnings] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download earnings per order (CSV)' }).click(),
  ]);
  const earningsCsv = readFileSync((await earnings.path())!, 'utf8').replace(/^\ufeff/, '');
  expect(earningsCsv.split('\r\n')[0]).toBe(
    'order_id,gig,completed_at,currency,total,refunded,fee,agent_earnings',
  );
  // The title has a comma: quoted.
  expect(earningsCsv).toContain(`,"${gigTitle}",`);
  expect(earningsCsv).toContain(',USD,200.00,0.00,20.00,180.00');

  // Offline: the same page from this device's copy, with requests disabled.
  await expect(page.getByTestId('sync-indicator').first()).toHaveAttribute('data-state', 'online');
  const hasServiceWorker = await serviceWorkerControls(page);
  await page.context().setOffline(true);
  const offlineView = async () => {
    await expect(page.getByTestId('wallet-offline')).toContainText(
      'Requesting a withdrawal needs a connection.',
    );
    await expect(figure(page, 'available')).toHaveText('$105');
    await expect(figure(page, 'withdrawn')).toHaveText('$75');
    await expect(page.getByTestId('withdrawal')).toHaveCount(3);
    await expect(withdrawal(page, '$75')).toContainText('reference TRX-2026-0042');
    await expect(page.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
    await expect(page.getByLabel('Amount (USD)')).toBeDisabled();
  };
  await offlineView();
  if (hasServiceWorker) {
    // The page opens offline: the app shell from the service worker, the data from the device.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw History' })).toBeVisible();
    await offlineView();
  } else {
    test.info().annotations.push({
      type: 'not checked',
      description: 'No service worker in this build: the reload while offline was skipped.',
    });
  }
  await expectAccessible(page, 'withdraw page offline');
  await page.context().close();
});
