import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { createChapter } from '../support/fixtures';
import { createProposer, ensureFees } from '../api/joining-support';
import { e2eDb, expect, signIn, test } from './support/fixtures';

/**
 * Joining in the browser: an applicant on a phone applies, sees the fee, reports a UPI payment and
 * tracks the application; staff verify, scrutinise, recommend and approve; the new member sets a
 * password and lands on Profile Detail. Axe checks each new page.
 */
const OUTBOX = path.resolve('data/e2e/outbox');
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function island(page: Page) {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

let chapter: { id: number; code: string; name: string };
let proposers: [string, string];

test.beforeAll(async () => {
  const db = await e2eDb();
  const year = financialYearStart(kolkataDate(new Date()));
  await ensureFees(db, year);
  const suffix = Date.now().toString(36).toUpperCase();
  chapter = await createChapter(db, { code: `J${suffix}`.slice(0, 12), name: `Joining ${suffix}` });
  proposers = [`PR1-${suffix}`, `PR2-${suffix}`];
  await createProposer(db, chapter.id, { memberNumber: proposers[0], paidThrough: year });
  await createProposer(db, chapter.id, { memberNumber: proposers[1], membershipClass: 'life', paidThrough: null });
});

test('an applicant on a phone applies, sees the fee, reports a UPI payment and tracks the application', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `phone-${Date.now().toString(36)}@example.test`;

  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Membership of NIPM' })).toBeVisible();
  await expect(page.getByTestId('join-today-associate')).toBeVisible();
  await axe(page);
  await page.getByRole('link', { name: 'Start your application' }).click();

  await island(page);
  await expect(page.getByRole('heading', { name: 'Membership class' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose a membership class.')).toBeVisible();
  await page.getByRole('radio', { name: /Associate/ }).check();
  await expect(page.getByText('Choose a membership class.')).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();

  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Sen');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill('98300 12345');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  // What was typed survives a reload.
  await page.reload();
  await island(page);
  await expect(page.getByLabel('First name')).toHaveValue('Meera');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Address').fill('12 Lake Road');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').fill('West Bengal');
  await page.getByLabel('PIN code').fill('700029');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Highest qualification').fill('MBA (HR)');
  await page.getByLabel('Years of experience').fill('8');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Chapter').selectOption(String(chapter.id));
  await page.getByLabel("Proposer's member number").fill(proposers[0]);
  await page.getByLabel("Seconder's member number").fill(proposers[0]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The seconder must be another member.')).toBeVisible();
  await page.getByLabel("Seconder's member number").fill(proposers[1]);
  await page.getByRole('button', { name: 'Continue' }).click();

  const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#245' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Photograph').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Qualification certificate').setInputFiles({
    name: 'degree.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Continue' }).click();

  // November: the half-year subscription (Rs 1,501.00 halved and rounded up: Rs 751.00) plus the entrance fee.
  await expect(page.getByText(/half year: October to March/)).toBeVisible();
  await expect(page.getByTestId('fee-total')).toHaveText('Rs 1,251.00');
  await axe(page);
  await page.getByRole('checkbox', { name: /I declare/ }).check();
  // The newsletter is asked apart and never ticked beforehand.
  await expect(page.getByRole('checkbox', { name: /newsletter/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Submit application' }).click();

  await expect(page).toHaveURL(/\/membership\/status\?token=/, { timeout: 20_000 });
  await island(page);
  await expect(page.getByTestId('application-state')).toHaveText('Awaiting payment');
  const reference = (await page.getByTestId('application-reference').textContent())!.trim();
  await expect(page.getByText('Uploaded', { exact: false }).first()).toBeVisible();
  await axe(page);

  await page.getByLabel('UTR or UPI transaction id').fill('612345678901');
  await expect(page.getByLabel('Amount paid (Rs)')).toHaveValue('1251');
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByTestId('application-state')).toHaveText('Payment reported');

  await page.goto('/membership/track');
  await island(page);
  await page.getByLabel('Application number').fill(reference.toLowerCase());
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByTestId('application-state')).toHaveText('Payment reported');
  await axe(page);
});

test('staff verify, scrutinise, recommend and approve; the new member sets a password and lands on Profile Detail', async ({
  page,
  users,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `admit-${Date.now().toString(36)}@example.test`;
  const submitted = await request.post('/api/membership/applications', {
    data: {
      classCode: 'associate',
      firstName: 'Ravi',
      lastName: 'Kumar',
      email,
      phone: '9830054321',
      dateOfBirth: '1988-02-01',
      address: '5 Park Street',
      city: 'Kolkata',
      stateName: 'West Bengal',
      pincode: '700016',
      qualification: 'MA (Personnel Management)',
      experienceYears: 6,
      chapterId: chapter.id,
      proposerNumber: proposers[0],
      seconderNumber: proposers[1],
      declaration: true,
    },
  });
  expect(submitted.status()).toBe(201);
  const { reference, statusToken, amountDue } = (await submitted.json()).data;
  const today = kolkataDate(new Date());
  const paid = await request.post(`/api/membership/applications/${reference}/payments?token=${statusToken}`, {
    data: { mode: 'upi', reference: '698765432101', amount: amountDue, paidOn: today },
  });
  expect(paid.status()).toBe(201);

  const admin = await users.create({ roleId: '2', name: 'Sunita Admin' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/membership');
  await island(page);
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Name, e-mail or application number').fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: reference })).toBeVisible();
  await axe(page);
  await page.getByRole('row', { name: new RegExp(reference) }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Payment reported');

  const act = async (button: string, confirm: string, state: string) => {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('dialog').getByLabel('Note').fill(`${button} in the browser test`);
    await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
    await expect(page.getByTestId('detail-state')).toHaveText(state);
  };
  await act('Verify payment', 'Verify', 'Payment verified');
  await expect(page.getByTestId('staff-payment')).toContainText('NIPM/RCPT/');
  await act('Start scrutiny', 'Start scrutiny', 'Under scrutiny');
  await act('Recommend', 'Recommend', 'Recommended');
  await act('Approve and admit', 'Approve and admit', 'Approved');
  await expect(page.getByText(`Member number NIPM/${chapter.code}/`)).toBeVisible();

  await page.getByRole('tab', { name: 'Fees' }).click();
  await expect(page.getByLabel('Financial year')).toBeVisible();
  await axe(page);

  // The new member: the welcome e-mail's link sets the password, then sign-in lands on Profile Detail.
  const mails = readdirSync(OUTBOX)
    .map((f) => plain(readFileSync(path.join(OUTBOX, f), 'utf8')))
    .filter((m) => m.includes(email) && m.includes('/auth/reset-password?token='));
  expect(mails).toHaveLength(1);
  const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mails[0])![0];
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await island(page);
  await page.getByLabel('New password', { exact: true }).fill('Admitted-Member-2026');
  await page.getByLabel('Confirm new password').fill('Admitted-Member-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await signIn(page, {
    id: 0,
    email,
    password: 'Admitted-Member-2026',
    name: 'Ravi Kumar',
    roleId: '1',
    memberId: null,
    chapterId: null,
  });
  await expect(page).toHaveURL(/\/member\/memberdetail/);
  await expect(page.getByText(`NIPM/${chapter.code}/`).first()).toBeVisible();
});
