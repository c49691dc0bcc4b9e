import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { verifyPayment } from '../../src/server/domains/money';
import { createChapter } from '../support/fixtures';
import { ensureFees } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/**
 * Members after admission in the browser: staff find a member by part of the name and open the
 * record; a member renews and sees the receipt; the card's QR target shows the status; the report
 * page draws its charts and downloads a CSV. Axe checks each new page.
 */
const CURRENT = financialYearStart(kolkataDate(new Date()));

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function memberRecord(memberId: number, values: { lastName: string; paid: number | null; number?: string }) {
  const db = await e2eDb();
  await db
    .updateTable('members')
    .set({
      last_name: values.lastName,
      paid_through_year: values.paid,
      ...(values.number ? { member_number: values.number } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}

test.beforeAll(async () => ensureFees(await e2eDb(), CURRENT));

test('staff find a member by part of the name and open the record', async ({ page, users }) => {
  const unique = `Zorawar${Date.now().toString(36)}`;
  const member = await users.create({ roleId: '1', name: 'Ira Member' });
  await memberRecord(member.memberId!, { lastName: unique, paid: CURRENT });
  const admin = await users.create({ roleId: '2' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/membership?tab=members');
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Members' }).waitFor();
  await page.getByLabel('Name, member number, e-mail, phone or organisation').fill(unique.slice(0, -2).toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(unique) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Active');
  await axe(page);
  await row.click();
  await expect(page).toHaveURL(/\/member\/memberdetail$/);
  await expect(page.getByRole('heading', { name: new RegExp(unique) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For staff' })).toBeVisible();
});

test('a member renews with the employer’s GST details: a wrong GSTIN is refused beside its field', async ({
  page,
  users,
}) => {
  const member = await users.create({ roleId: '1', name: 'Emma Employed' });
  await memberRecord(member.memberId!, { lastName: `Employed${Date.now().toString(36)}`, paid: CURRENT });
  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  await page.getByRole('button', { name: new RegExp(`^Renew for ${financialYearLabel(CURRENT + 1)}`) }).click();
  const reference = String(Date.now()).slice(-12).padStart(12, '6');
  await page.getByLabel('How did you pay?').selectOption('upi');
  await page.getByLabel(/UTR or UPI transaction id/).fill(reference);
  const employer = page.getByRole('group', { name: 'If your employer pays the fee (optional)' });
  await employer.getByLabel('GSTIN (optional)').fill('19AAACN1234F1ZV');
  await employer.getByLabel('Legal name registered with the GSTIN').fill('Employer Private Limited');
  await employer.getByLabel('Address registered with the GSTIN').fill('1 Park Street, Kolkata 700016');
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(employer.getByText('This GSTIN’s last character does not match the rest')).toBeVisible();
  await expect(employer.getByLabel('GSTIN (optional)')).toHaveAttribute('aria-invalid', 'true');

  await employer.getByLabel('GSTIN (optional)').fill('19aaacn1234f1zu');
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for the national office' })).toBeVisible();
  const db = await e2eDb();
  const renewal = await db
    .selectFrom('member_renewals')
    .select(['buyer_gstin', 'buyer_name'])
    .where('member_id', '=', member.memberId!)
    .executeTakeFirstOrThrow();
  expect(renewal).toEqual({ buyer_gstin: '19AAACN1234F1ZU', buyer_name: 'Employer Private Limited' });
});

test('a member renews for the coming year and sees the receipt', async ({ page, users }) => {
  const member = await users.create({ roleId: '1', name: 'Renu Member' });
  await memberRecord(member.memberId!, { lastName: `Renewer${Date.now().toString(36)}`, paid: CURRENT });
  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  const renew = page.getByRole('button', { name: new RegExp(`^Renew for ${financialYearLabel(CURRENT + 1)}`) });
  await expect(renew).toBeVisible();
  await axe(page);
  await renew.click();
  const reference = String(Date.now()).slice(-12).padStart(12, '7');
  await page.getByLabel('How did you pay?').selectOption('upi');
  await page.getByLabel(/UTR or UPI transaction id/).fill(reference);
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for the national office' })).toBeVisible();

  const db = await e2eDb();
  const payment = await db
    .selectFrom('payments')
    .select('id')
    .where('purpose', '=', 'membership_renewal')
    .where('subject_id', '=', member.memberId!)
    .executeTakeFirstOrThrow();
  const admin = await users.create({ roleId: '2' });
  const staff = {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    image: null,
    roleId: '2' as const,
    memberId: null,
    chapterId: null,
  };
  const verified = await verifyPayment(db, staff, payment.id, 'Seen in the statement');
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: `Receipt ${verified.receiptNumber}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Receipt ${verified.receiptNumber}` }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test("the card's QR target shows whether the membership is current", async ({ page, users }) => {
  const chapter = await createChapter(await e2eDb(), { region: 'East' });
  const stamp = Date.now().toString(36).toUpperCase();
  const current = await users.create({ roleId: '1', name: 'Qamar Member', chapterId: chapter.id });
  await memberRecord(current.memberId!, { lastName: 'Current', paid: CURRENT, number: `NIPM/E2E/${stamp}1` });
  const lapsed = await users.create({ roleId: '1', name: 'Lalit Member', chapterId: chapter.id });
  await memberRecord(lapsed.memberId!, { lastName: 'Lapsed', paid: CURRENT - 3, number: `NIPM/E2E/${stamp}2` });

  await signIn(page, current);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  const qr = page.getByRole('link', { name: /QR code: check membership/ });
  await expect(qr).toBeVisible();
  const target = new URL((await qr.getAttribute('href'))!);
  expect(target.pathname).toBe(`/membership/verify/NIPM/E2E/${stamp}1`);
  await page.goto(target.pathname);
  await expect(page.getByTestId('verification')).toContainText('Qamar Current');
  await expect(page.getByTestId('verification')).toContainText('Current');
  await expect(page.getByText(current.email)).toHaveCount(0);
  await axe(page);
  await page.goto(`/membership/verify/NIPM/E2E/${stamp}2`);
  await expect(page.getByTestId('verification')).toContainText('Not current');
  const unknown = await page.goto('/membership/verify/NIPM/E2E/NOPE');
  expect(unknown?.status()).toBe(404);
});

test('the report page draws its charts and downloads a CSV', async ({ page, users }) => {
  const admin = await users.create({ roleId: '2' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/reports/membership');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Members by class' })).toBeVisible();
  await expect(page.locator('canvas[data-drawn="true"]')).toHaveCount(7);
  await expect(page.getByRole('table', { name: 'Members by status (defaulters and lapses)' })).toBeVisible();
  await axe(page);
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Members by class' }).getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^membership-class-.*\.csv$/);
});
