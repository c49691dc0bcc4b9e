import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { holdDeadline } from '../../src/lib/natcon';
import { nowIso } from '../../src/server/platform/db';
import { e2eDb, expect, signIn, test } from './support/fixtures';
import { runJobByHand } from './support/jobs';
import { mailsTo } from './support/outbox';

/**
 * NATCON in the browser: a group of three registers on a phone-sized screen; the order awaits
 * payment with its seats held and no tickets, and the group reports its payment. The desk refuses
 * the unpaid ticket at check-in; staff verify the payment (the order is confirmed, its tickets on
 * its page), check a delegate in by typing the ticket code and export the delegates. Each page is
 * checked with axe. Then a buyer's hold passes unpaid: the NATCON job, run as an operator runs it
 * by hand, reminds and then releases the order, and its seat is free again.
 */
test.describe.configure({ mode: 'serial' });
// Axe on each page and the group's many fields take longer than the default on a shared 2-core machine.
test.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };
let edition: { title: string; categoryName: string; coupon: string } | undefined;
let registered: { orderNumber: string; link: string; codes: string[] } | undefined;

/** An edition that starts after any other, so `/natcon` and the form show it. */
async function createOpenEdition() {
  const db = await e2eDb();
  const at = nowIso();
  const suffix = Date.now().toString(36);
  const year = 2090 + Math.floor(Math.random() * 9);
  const row = await db
    .insertInto('natcon_editions')
    .values({
      title: `NATCON E2E ${suffix}`,
      year,
      theme: 'Testing people practices',
      starts_on: `${year}-02-${String(10 + Math.floor(Math.random() * 18)).padStart(2, '0')}`,
      ends_on: `${year}-02-28`,
      venue: 'Science City',
      city: 'Kolkata',
      registration_opens_on: '2026-01-01',
      registration_closes_on: `${year}-01-31`,
      programme: 'Day 1: keynote.',
      published: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const categoryName = `Delegate ${suffix}`;
  await db
    .insertInto('natcon_categories')
    .values({ edition_id: row.id, name: categoryName, fee: 1_000_000, seats: 50, created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('natcon_award_categories')
    .values({
      edition_id: row.id,
      name: 'HR Leader of the Year',
      criteria: 'Impact.',
      nominee_kind: 'person',
      created_at: at,
    })
    .execute();
  const coupon = `E2E${suffix}`.toUpperCase();
  await db
    .insertInto('coupons')
    .values({
      code: coupon,
      kind: 'percent',
      value: 10,
      scope: 'natcon',
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
      max_uses: 5,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { title: `NATCON E2E ${suffix}`, categoryName, coupon };
}

async function hydrated(page: Page) {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a group of three registers on a phone: awaiting payment with its seats held, it reports its payment', async ({
  page,
}) => {
  edition = await createOpenEdition();
  await page.setViewportSize(PHONE);
  await page.goto('/natcon');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: edition.title })).toBeVisible();
  await axe(page);

  await page.goto('/natcon/register');
  await hydrated(page);
  await page.getByLabel('A group from an organisation').check();
  await page.getByLabel(new RegExp(edition.categoryName)).check();
  await page.getByLabel('Your name').fill('Ritu Sen');
  await page.getByLabel('Your e-mail').fill('ritu.sen@example.in');
  await page.getByLabel('Your mobile phone').fill('9830012345');
  const people = ['Anil Das', 'Bina Roy', 'Chitra Paul'];
  for (const [index, name] of people.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a delegate' }).click();
    const group = page.getByRole('group', { name: `Delegate ${index + 1}` });
    await group.getByLabel('Full name').fill(name);
    await group.getByLabel('E-mail').fill(`${name.split(' ')[0].toLowerCase()}.${Date.now()}@example.in`);
    await group.getByLabel('Mobile phone').fill('+91 98300 5555' + index);
  }
  await page.getByLabel('Company or organisation (optional)').fill('Hooghly Jute Mills Ltd');
  await axe(page);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your registration' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Rs 30,000.00' }).first()).toBeVisible();
  // The coupon's discount is shown before the order is placed.
  await page.getByRole('button', { name: 'Change details' }).click();
  await page.getByLabel('Coupon code (optional)').fill(edition.coupon.toLowerCase());
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(`Coupon ${edition.coupon}`)).toBeVisible();
  await expect(page.getByText('−Rs 3,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Register and pay' }).click();

  // The order holds its seats until paid: awaiting payment, no tickets yet (issue 28).
  const heading = page.getByRole('heading', { name: /^Order N\d{2}-\d{6}: Awaiting payment$/ });
  await expect(heading).toBeVisible();
  const orderNumber = /Order (N\d{2}-\d{6})/.exec((await heading.textContent()) ?? '')![1];
  await expect(page.getByText(/^Your seats are held until .* \(India time\)\. Pay by then/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ticket for / })).toHaveCount(0);

  await page.getByLabel('How did you pay?').selectOption('upi');
  await page.getByLabel('UTR or UPI transaction id').fill(`4${String(Date.now()).slice(-11)}`);
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByText('Payment reported: the institute verifies it and e-mails the receipt.')).toBeVisible();

  await page.getByText('Nominate someone for an award (optional)').click();
  await page.getByLabel('Nominee’s name').fill('Meera Iyer');
  await page.getByLabel('Your name').fill('Ritu Sen');
  await page.getByLabel('Your e-mail').fill('ritu.sen@example.in');
  await page
    .getByLabel('Why they deserve it')
    .fill('Meera rebuilt the appraisal system and cut attrition by a third in two years.');
  await axe(page);
  await page.getByRole('button', { name: 'Send the nomination' }).click();
  await expect(
    page.getByText(/^Thank you: nomination AW\d{2}-\d{5} for HR Leader of the Year is received\.$/),
  ).toBeVisible();

  const codes = people.map((_, i) => `${orderNumber}-${String(i + 1).padStart(2, '0')}`);
  registered = { orderNumber, link: page.url(), codes };
  expect(page.url()).toContain(`order=${orderNumber}`);
});

test('the unpaid ticket is refused at check-in; staff verify, the order is confirmed with tickets, and check in', async ({
  page,
  users,
}) => {
  expect(registered).toBeDefined();
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  await page.goto(`/admin/natcon?q=${registered!.orderNumber}`);
  await hydrated(page);
  // An unpaid ticket is refused at the door, with what to tell the delegate.
  await page.getByRole('button', { name: 'Check-in' }).click();
  await page.getByLabel('Ticket code').fill(registered!.codes[0]);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    new RegExp(
      `^Not admitted: order ${registered!.orderNumber} of Anil Das is not paid \\(payment reported, not yet verified\\)`,
    ),
  );
  await page.goto(`/admin/natcon?q=${registered!.orderNumber}`);
  await hydrated(page);
  await page.getByRole('row', { name: `Open order ${registered!.orderNumber}` }).click();
  await expect(
    page.getByRole('heading', { name: `Order ${registered!.orderNumber}: Awaiting payment, Payment reported` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Verify payment' }).click();
  // The same confirmation as membership's: nothing is verified on one click.
  await expect(page.getByRole('dialog', { name: 'Verify this payment?' })).toContainText('UPI, reference ');
  await page.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: `Order ${registered!.orderNumber}: Confirmed, Paid` })).toBeVisible();
  await axe(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download delegates (CSV)' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain(registered!.codes[1]);
  expect(csv).toContain('Bina Roy');

  await page.getByRole('button', { name: 'Check-in' }).click();
  await page.getByLabel('Ticket code').fill(registered!.codes[0].toLowerCase());
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText('Anil Das checked in', { exact: true })).toBeVisible();
  await page.getByLabel('Ticket code').fill(registered!.codes[0]);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText(/^Anil Das already checked in at /)).toBeVisible();
  await axe(page);

  // The buyer's page now says confirmed, with the tickets.
  await page.goto(registered!.link);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order ${registered!.orderNumber}: Confirmed` })).toBeVisible();
  const ticketLink = page.getByRole('link', { name: 'Ticket for Anil Das (PDF)' });
  await expect(ticketLink).toBeVisible();
  const ticket = await page.request.get((await ticketLink.getAttribute('href'))!);
  expect(ticket.headers()['content-type']).toBe('application/pdf');
});

test('a delegate opens their own page from the ticket e-mail: the ticket again and their privacy rights; once cancelled, the page says the ticket is no longer valid', async ({
  page,
  baseURL,
  users,
}) => {
  expect(registered).toBeDefined();
  const db = await e2eDb();
  const bina = await db
    .selectFrom('natcon_delegates')
    .select('email')
    .where('confirmation_number', '=', registered!.codes[1])
    .executeTakeFirstOrThrow();
  // Tickets go out with the NATCON job after the payment's commit (the server's own run comes each minute).
  await runNatconJob(baseURL!);
  const pageLink = /What we keep about you, and how to download, correct or erase it: (\S+)/;
  await expect
    .poll(async () => (await mailsTo(bina.email)).find((m) => pageLink.test(m)), { timeout: 15_000 })
    .toBeTruthy();
  const mail = (await mailsTo(bina.email)).find((m) => pageLink.test(m))!;
  const own = new URL(pageLink.exec(mail)![1]);
  await page.goto(own.pathname + own.search);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Your ticket ${registered!.codes[1]}` })).toBeVisible();
  const ticket = await page.request.get(
    (await page.getByRole('link', { name: 'Download your ticket (PDF)' }).getAttribute('href'))!,
  );
  expect(ticket.headers()['content-type']).toBe('application/pdf');
  // Nothing of the order or the other delegates is on the page.
  await expect(page.getByText('Anil Das')).toHaveCount(0);
  await page.getByText('Your data and privacy').click();
  await expect(page.getByRole('link', { name: 'Download your data (ZIP)' })).toBeVisible();
  await axe(page);

  // The office cancels the registration: the same link now says so, and offers no ticket to download.
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  await page.goto(`/admin/natcon?q=${registered!.orderNumber}`);
  await hydrated(page);
  await page.getByRole('row', { name: `Open order ${registered!.orderNumber}` }).click();
  await page.getByRole('button', { name: 'Cancel the registration' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${registered!.orderNumber}?` });
  await dialog.getByLabel('Note').fill('The company withdrew its delegates.');
  await dialog.getByRole('button', { name: 'Cancel the registration' }).click();
  await expect(page.getByText('Registration cancelled.')).toBeVisible();
  await page.goto(own.pathname + own.search);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText(
    'This ticket is no longer valid: the registration was cancelled. The registration desk will not admit it.',
  );
  await expect(page.getByRole('link', { name: 'Download your ticket (PDF)' })).toHaveCount(0);
  await axe(page);
});

test('the desk and its settings pass axe for the super admin', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  for (const tab of ['Nominations', 'Totals', 'Settings']) {
    await page.goto('/admin/natcon');
    await hydrated(page);
    await page.getByRole('button', { name: tab, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await axe(page);
  }
});

/** The NATCON job as an operator runs it by hand (`npm run jobs:run -- natcon-holds`). */
const runNatconJob = (siteUrl: string) => runJobByHand('natcon-holds', siteUrl);

test('an unpaid hold passes: the buyer is reminded, the order released and its seat free again', async ({
  page,
  baseURL,
}) => {
  expect(edition).toBeDefined();
  const db = await e2eDb();
  const { id: editionId } = await db
    .selectFrom('natcon_editions')
    .select('id')
    .where('title', '=', edition!.title)
    .executeTakeFirstOrThrow();
  // The edition holds an unpaid order 6 hours and reminds 2 hours before; one seat in this hall.
  await db
    .updateTable('natcon_editions')
    .set({ hold_hours: 6, reminder_hours: 2 })
    .where('id', '=', editionId)
    .execute();
  const hall = `Hall ${Date.now().toString(36)}`;
  const at = nowIso();
  await db
    .insertInto('natcon_categories')
    .values({
      edition_id: editionId,
      name: hall,
      fee: 500_000,
      seats: 1,
      sort_order: 9,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const seatsLeftIn = (name: string) =>
    page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .last();

  const email = `hold.${Date.now()}@example.in`;
  await page.goto('/natcon/register');
  await hydrated(page);
  await page.getByLabel(new RegExp(hall)).check();
  await expect(page.getByLabel(new RegExp(hall))).toBeChecked();
  const you = page.getByRole('group', { name: 'Your details' });
  await you.getByLabel('Full name').fill('Dipa Ghosh');
  await you.getByLabel('E-mail').fill(email);
  await you.getByLabel('Mobile phone').fill('9830012399');
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Register and pay' }).click();

  // The status page the buyer is sent to: awaiting payment, held until the edition's 6 hours from now.
  const heading = page.getByRole('heading', { name: /^Order N\d{2}-\d{6}: Awaiting payment$/ });
  await expect(heading).toBeVisible();
  const orderNumber = /Order (N\d{2}-\d{6})/.exec((await heading.textContent()) ?? '')![1];
  const order = await db
    .selectFrom('natcon_orders')
    .select(['id', 'hold_until'])
    .where('order_number', '=', orderNumber)
    .executeTakeFirstOrThrow();
  expect(Math.abs(Date.parse(order.hold_until!) - Date.now() - 6 * 3_600_000)).toBeLessThan(5 * 60_000);
  await expect(
    page.getByText(`Your seats are held until ${holdDeadline(order.hold_until)}. Pay by then`),
  ).toBeVisible();
  await expect(page.getByLabel('How did you pay?')).toBeVisible();
  const statusLink = page.url();
  await page.goto('/natcon');
  await expect(seatsLeftIn(hall)).toHaveText('Waiting list');

  // Two hours before the end of the hold the buyer is reminded, once.
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  await db
    .updateTable('natcon_orders')
    .set({ remind_at: inHours(-0.1), hold_until: inHours(1.9) })
    .where('id', '=', order.id)
    .execute();
  await runNatconJob(baseURL!);
  const reminders = (await mailsTo(email)).filter((m) => m.includes(`pay for order ${orderNumber}`));
  expect(reminders).toHaveLength(1);
  expect(reminders[0]).toContain(`Order ${orderNumber} holds its seats until`);

  // The hold passes unpaid: released, and the buyer told so.
  await db
    .updateTable('natcon_orders')
    .set({ hold_until: inHours(-0.01) })
    .where('id', '=', order.id)
    .execute();
  await runNatconJob(baseURL!);
  const mails = await mailsTo(email);
  expect(mails.filter((m) => m.includes(`order ${orderNumber} awaits payment`))).toHaveLength(1);
  expect(mails.filter((m) => m.includes(`pay for order ${orderNumber}`))).toHaveLength(1);
  const released = mails.filter((m) => m.includes(`order ${orderNumber} released`));
  expect(released).toHaveLength(1);
  expect(released[0]).toContain('its seats have been released to the waiting list');

  await page.goto(statusLink);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}: Released: not paid in time` })).toBeVisible();
  await expect(page.getByText(/Your seats are held until/)).toHaveCount(0);
  await expect(page.getByLabel('How did you pay?')).toHaveCount(0);
  await axe(page);
  // The seat is free again on the public page and in the registration form.
  await page.goto('/natcon');
  await expect(seatsLeftIn(hall)).toHaveText('1');
  await page.goto('/natcon/register');
  await hydrated(page);
  await expect(page.getByRole('radio', { name: new RegExp(`^${hall} .* 1 seats left$`) })).toBeVisible();
});
