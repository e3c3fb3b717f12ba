// Orders end to end (issue 15). The gig, the members and any order a test only needs to exist are
// made through the API; the flow under test goes through the pages: a guest's Order leads to log
// in and back to the order form; the customer orders a package with an extra, a date and a
// requirement file, pays with the sandbox's success card; the agent delivers a file; the customer
// asks for a revision; the agent delivers again; the customer accepts; both dashboards and My
// Orders show the amounts. A declined card says why and leaves the order unpaid. axe checks
// every order page on the way.
import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  createMember,
  seriousAxeViolations,
  signIn as signInWith,
  unique,
  type Member,
} from '../support/members';
import { holdUploads } from '../support/files';
import { createGig, inDays } from '../support/orders';

const PASSWORD = 'orders-e2e-pass-1';
/** A 1×1 PNG: order files are checked by their content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const newMember = (request: APIRequestContext, role: 'Agent' | 'Customer', name: string) =>
  createMember(request, { name, role, password: PASSWORD, prefix: 'o' });

const signIn = (context: BrowserContext, baseURL: string, member: Member) =>
  signInWith(context, baseURL, member.email, PASSWORD);

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
}

test('a customer orders, pays, gets a delivery, asks for a revision and accepts; both dashboards add up', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const agent = await newMember(request, 'Agent', 'Amara Agent');
  const customer = await newMember(request, 'Customer', 'Carmen Customer');
  const title = `Dakar market morning ${unique()}`;
  const gigId = await createGig(request, agent, title);

  // A guest chooses the Basic package: log in first, then straight to its order form.
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await page.goto(`/gigs/${gigId}`);
  const basic = page.getByTestId('gig-package').filter({ hasText: 'Market walk' });
  await basic.getByRole('link', { name: /^Order/ }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(new RegExp(`/gigs/${gigId}/order\\?package=basic$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order: ${title}` })).toBeVisible();

  // The order form: the package, an extra, the travel details, requirements and a file.
  await expect(page.getByLabel(/Basic: Market walk/)).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText('$50');
  await page.getByLabel(/Cooking class after/).check();
  await expect(page.getByTestId('order-total')).toHaveText('$75');
  await expect(page.getByText('Total $75 · delivery in 3 days · 1 revision')).toBeVisible();
  const serviceDate = inDays(20);
  await page.getByLabel('Date of the service').fill(serviceDate);
  await page.getByLabel('Number of travellers').fill('2');
  await page.getByLabel('Meeting place or destination (optional)').fill('Hotel Teranga lobby');
  await page.getByLabel('Requirements (optional)').fill('Two adults; one of us is vegetarian.');
  await page.getByLabel('Requirement files (optional)').setInputFiles([
    { name: 'passports.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') },
  ]);
  await expect(page.getByText('fake.png is not a PNG, JPEG or WebP image or a PDF.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove passports.pdf' })).toBeVisible();
  // Each chosen file is listed by its name and size.
  const chosen = page.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText('passports.pdf');
  await expect(chosen).toContainText(`${PDF.length} bytes`);
  await expectNoSeriousAxeViolations(page, 'order form');
  // A double click places one order.
  await page.getByRole('button', { name: 'Continue to payment ($75)' }).dblclick();

  // Checkout: the summary, the payment window, the success card.
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$75');
  await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:\d\d|28:\d\d)$/);
  await expectNoSeriousAxeViolations(page, 'checkout');
  const mine = await request.get('/api/orders?as=customer', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(((await mine.json()) as { meta: { total: number } }).meta.total).toBe(1);
  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('1240');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $75' }).click();

  // The order page, paid: in escrow, the requirements and their file.
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('In progress');
  await expect(page.getByText('Two adults; one of us is vegetarian.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'passports.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message Amara Agent' })).toHaveAttribute(
    'href',
    new RegExp(`/@/${agent.tagname}/message\\?about=order&ref=${orderId}`),
  );
  await expectNoSeriousAxeViolations(page, 'order page, customer, in progress');

  // The agent delivers a file.
  const agentContext = await browser.newContext();
  const agentPage = await signIn(agentContext, baseURL!, agent);
  await agentPage.goto(`/orders/${orderId}`);
  await expect(agentPage.getByTestId('order-status')).toHaveText('In progress');
  await expect(agentPage.getByTestId('order-earnings')).toHaveText('$67.50');
  await expect(agentPage.getByTestId('order-fee')).toHaveText('−$7.50');
  await expectNoSeriousAxeViolations(agentPage, 'order page, agent, in progress');
  await agentPage.getByLabel('Message to the customer').fill('Your itinerary and the market map.');
  await agentPage
    .getByLabel('Delivery files (optional)')
    .setInputFiles({ name: 'market-map.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(agentPage.getByRole('img', { name: 'Preview of market-map.png' })).toBeVisible();
  // The delivery's upload shows its progress while it is under way.
  const release = await holdUploads(agentPage, `**/api/orders/${orderId}/deliver`);
  await agentPage.getByRole('button', { name: 'Deliver', exact: true }).click();
  const progress = agentPage.getByRole('progressbar', { name: 'Uploading 1 file' });
  await expect(progress).toBeVisible();
  release();
  await expect(agentPage.getByTestId('order-status')).toHaveText('Delivered');
  await expect(progress).toHaveCount(0);
  await expect(agentPage.getByText(/Delivered\. Carmen Customer can accept it/)).toBeVisible();

  // The customer downloads the file and asks for a revision (the package's only one).
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'market-map.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('market-map.png');
  expect((await readFile(await download.path())).equals(PNG_1X1)).toBe(true);
  await expectNoSeriousAxeViolations(page, 'order page, customer, delivered');
  await page.getByRole('button', { name: 'Request a revision' }).click();
  await expect(page.getByText('Revisions used: 0 of 1.')).toBeVisible();
  await page.getByLabel('What should change?').fill('Please add the fish market at Soumbédioune.');
  await page.getByRole('button', { name: 'Send the revision request' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Revision requested');
  await expect(page.getByRole('button', { name: 'Request a revision' })).toHaveCount(0);

  // The agent delivers again.
  await agentPage.reload();
  await expect(agentPage.getByTestId('order-status')).toHaveText('Revision requested');
  await expect(agentPage.getByText(/They asked: “Please add the fish market/)).toBeVisible();
  await agentPage.getByLabel('Message to the customer').fill('Added Soumbédioune at 7 am.');
  await agentPage.getByRole('button', { name: 'Deliver again' }).click();
  await expect(agentPage.getByTestId('order-status')).toHaveText('Delivered');

  // The customer accepts: the order completes.
  await page.reload();
  await expect(page.getByTestId('order-delivery')).toHaveCount(2);
  await expect(page.getByText('1 of 1 used')).toBeVisible();
  // No revision is left: only accepting (or a dispute) remains.
  await expect(page.getByRole('button', { name: 'Request a revision' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept the delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept the delivery?' });
  await expect(dialog).toContainText('releases the payment of $75 to Amara Agent');
  await dialog.getByRole('button', { name: 'Accept and complete' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Completed');
  await expect(page.getByText('There is nothing for you to do on this order now.')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Delivery accepted');
  await expect(timeline).toContainText('Revision requested');

  // The customer's dashboard and My Orders.
  await page.goto('/customer/dashboard');
  await expect(page.getByTestId('total-spent')).toHaveText('$75');
  await expect(page.getByTestId('in-escrow')).toHaveText('$0');
  await expect(page.getByTestId('active-orders')).toHaveText('0');
  await expectNoSeriousAxeViolations(page, 'customer dashboard');
  await page.goto('/customer/customer-my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Orders by status' });
  await expect(tabs.getByRole('link', { name: 'All (1)' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Completed (1)' }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/orders/${orderId}`,
  );
  await page.getByRole('searchbox', { name: 'Search your orders' }).fill('no such gig at all');
  await expect(page.getByRole('heading', { name: 'No orders here' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'customer my orders');

  // The agent's dashboard: the earnings are pending clearance, and on the chart.
  await agentPage.goto('/agent/dashboard');
  await expect(agentPage.getByTestId('pending-clearance')).toHaveText('$67.50');
  await expect(agentPage.getByTestId('earned')).toHaveText('$67.50');
  await expect(agentPage.getByTestId('available')).toHaveText('$0');
  await expect(agentPage.getByTestId('active-orders')).toHaveText('0');
  await expect(agentPage.getByRole('img', { name: /Your earnings per month/ })).toBeVisible();
  await expect(agentPage.getByText(/\$67\.50 earned from 1 completed order/)).toBeVisible();
  await expectNoSeriousAxeViolations(agentPage, 'agent dashboard');
  await agentPage.goto('/agent/agent-my-orders');
  const row = agentPage.locator('.order-row', { hasText: title });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('$67.50');
  await expectNoSeriousAxeViolations(agentPage, 'agent my orders');

  await customerContext.close();
  await agentContext.close();
});

test('a declined card says so and the order stays unpaid; an agent is told why they cannot order', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const agent = await newMember(request, 'Agent', 'Dina Agent');
  const customer = await newMember(request, 'Customer', 'Dario Customer');
  const title = `Saint-Louis river walk ${unique()}`;
  const gigId = await createGig(request, agent, title);
  // The order exists already (placed through the API): this test is about paying it.
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer.token}`, 'Idempotency-Key': unique() },
    data: { gig_id: gigId, tier: 'basic', extras: [], service_date: inDays(10), travellers: 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;

  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, customer);
  await page.goto(`/checkout/${orderId}`);
  await expect(page.getByTestId('checkout-total')).toHaveText('$50');

  // A number too short: the API's field error, by the field.
  await page.getByLabel('Card number').fill('4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $50' }).click();
  await expect(page.getByText('Enter the card number (12 to 19 digits).')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  // The declined card: the bank's reason, and the order is still waiting for its payment.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $50' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toContainText(
    'Your card was declined. Use another card or contact your bank.',
  );
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $50' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'checkout after a decline');
  const order = await request.get(`/api/orders/${orderId}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const body = (await order.json()) as { order: { status: string; paid_at: string | null } };
  expect(body.order.status).toBe('pending_payment');
  expect(body.order.paid_at).toBeNull();
  const balance = await request.get('/api/balance', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(((await balance.json()) as { spent: { amount: number } }).spent.amount).toBe(0);

  // The order page offers to pay; nothing else happened.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment');
  await expect(page.getByRole('link', { name: 'Pay now ($50)' })).toHaveAttribute(
    'href',
    `/checkout/${orderId}`,
  );
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Payment failed');
  await context.close();

  // An agent (another one) cannot order: the gig page and the order form say why.
  const other = await newMember(request, 'Agent', 'Olu Otheragent');
  const agentContext = await browser.newContext();
  const agentPage = await signIn(agentContext, baseURL!, other);
  await agentPage.goto(`/gigs/${gigId}`);
  await expect(agentPage.getByTestId('gig-packages-note')).toHaveText(
    'Only customer accounts can order gigs; you are signed in as an Agent.',
  );
  await expect(agentPage.getByTestId('gig-package').first().getByRole('link')).toHaveCount(0);
  await agentPage.goto(`/gigs/${gigId}/order`);
  await expect(
    agentPage.getByRole('alert').filter({ hasText: 'Only customer accounts' }),
  ).toContainText('Only customer accounts can order gigs; you are signed in as an Agent.');
  await agentContext.close();
});
