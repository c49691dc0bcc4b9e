import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import { e2eDb, expect, signIn, test } from './support/fixtures';

/**
 * NATCON in the browser: a group of three registers on a phone-sized screen, reports its payment
 * and gets its tickets; staff verify the payment, check a delegate in by typing the ticket code
 * and export the delegates. Each page is checked with axe.
 */
test.describe.configure({ mode: 'serial' });
// Axe on each page and the group's many fields take longer than the default on a shared 2-core machine.
test.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };
let edition: { title: string; categoryName: string } | undefined;
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
  return { title: `NATCON E2E ${suffix}`, categoryName };
}

async function hydrated(page: Page) {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a group of three registers on a phone, reports its payment and gets its tickets', async ({ page }) => {
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
  await expect(page.getByText('Rs 30,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Register and pay' }).click();

  const heading = page.getByRole('heading', { name: /^Order N\d{2}-\d{6}: Confirmed$/ });
  await expect(heading).toBeVisible();
  const orderNumber = /Order (N\d{2}-\d{6})/.exec((await heading.textContent()) ?? '')![1];
  for (const name of people) await expect(page.getByRole('link', { name: `Ticket for ${name} (PDF)` })).toBeVisible();
  const ticket = await page.request.get(
    (await page.getByRole('link', { name: 'Ticket for Anil Das (PDF)' }).getAttribute('href'))!,
  );
  expect(ticket.headers()['content-type']).toBe('application/pdf');

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

test('staff verify the payment, check a delegate in by typing the code, and export the delegates', async ({
  page,
  users,
}) => {
  expect(registered).toBeDefined();
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  await page.goto(`/admin/natcon?q=${registered!.orderNumber}`);
  await hydrated(page);
  await page.getByRole('row', { name: `Open order ${registered!.orderNumber}` }).click();
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
