import { randomBytes } from 'node:crypto';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { hashToken } from '../../src/server/domains/joining/records';
import { createChapter } from '../support/fixtures';
import { applicationRow, ensureFees } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/** Online payment in the browser, through the stand-in gateway the test server runs beside the site. */
test('an applicant pays online on the gateway’s page and lands on the status page, paid, with a receipt', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase();
  const chapter = await createChapter(db, { code: `O${suffix}`.slice(0, 12), name: `Online ${suffix}` });
  const token = randomBytes(24).toString('base64url');
  const today = kolkataDate(new Date());
  const row = applicationRow(chapter.id, { state: 'awaiting_payment', appliedOn: today, index: Date.now() });
  await db
    .insertInto('applications')
    .values({ ...row, status_token_hash: hashToken(token), financial_year: financialYearStart(today) })
    .execute();

  await page.goto(`/membership/status?token=${encodeURIComponent(token)}`);
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: 'refund and cancellation policy' })).toHaveAttribute(
    'href',
    '/refund-policy',
  );
  await page.getByRole('button', { name: /online$/ }).click();

  // The stand-in's hosted page, on its own origin: the amount the server computed.
  await expect(page.getByTestId('standin-amount')).toHaveText('₹1,251.00');
  await page.getByTestId('standin-pay').click();

  await expect(page).toHaveURL(/\/membership\/status\?token=.*payment=paid/);
  await waitForIslands(page);
  await expect(page.getByText('Payment received. Thank you: your receipt is below.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Download receipt NIPM\/RCPT\// })).toBeVisible();
});

test('staff match a bank statement, verify the match, and refund the payment', async ({ page, users }) => {
  test.setTimeout(90_000);
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase();
  const chapter = await createChapter(db, { code: `B${suffix}`.slice(0, 12), name: `Bank ${suffix}` });
  const today = kolkataDate(new Date());
  const row = applicationRow(chapter.id, { state: 'payment_reported', appliedOn: today, index: Date.now() + 1 });
  const application = await db
    .insertInto('applications')
    .values({
      ...row,
      status_token_hash: hashToken(randomBytes(24).toString('base64url')),
      financial_year: financialYearStart(today),
    })
    .returning(['id', 'amount_due'])
    .executeTakeFirstOrThrow();
  const utr = String(500_000_000_000 + (Date.now() % 1_000_000_000));
  const payment = await db
    .insertInto('payments')
    .values({
      purpose: 'membership_application',
      subject_id: application.id,
      chapter_id: chapter.id,
      payer_name: 'Statement Payer',
      payer_email: 'statement.payer@example.test',
      mode: 'upi',
      reference: utr,
      amount: application.amount_due,
      paid_on: today,
      state: 'reported',
      note: null,
      reported_at: new Date().toISOString(),
      decided_by: null,
      decided_at: null,
      receipt_number: null,
      receipt_financial_year: null,
      receipt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const admin = await users.create({ roleId: '5', name: 'Statement Admin' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/payments/statements');
  await waitForIslands(page);
  const rupees = (application.amount_due / 100).toFixed(2);
  const csv = `Txn Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance\n${today},UPI/${utr}/STATEMENT PAYER,${utr},,${rupees},99999.00\n`;
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Match the statement' }).click();
  await expect(page.getByTestId('statement-summary')).toContainText('1 credits: 1 matched');
  await page.getByRole('button', { name: 'Verify all 1 proposed matches' }).click();
  await expect(page.getByText('1 payments verified.')).toBeVisible();

  await page.goto(`/admin/payments/detail?id=${payment.id}`);
  await waitForIslands(page);
  await expect(page.getByTestId('payment-state')).toHaveText('verified');
  await page.getByRole('button', { name: /^Refund \(up to/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount to refund (₹)').fill('100');
  await dialog.getByLabel('Reason').fill('Paid twice by mistake');
  await dialog.getByLabel('Transfer reference').fill('NEFT12345678');
  await dialog.getByLabel('Sent on').fill(today);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund of Rs 100.00 recorded.')).toBeVisible();
  await expect(page.getByTestId('refund')).toHaveCount(1);
});

test('a member renews online and comes back paid through the coming year', async ({ page, users }) => {
  test.setTimeout(60_000);
  const db = await e2eDb();
  const current = financialYearStart(kolkataDate(new Date()));
  await ensureFees(db, current);
  await ensureFees(db, current + 1);
  const member = await users.create({ roleId: '1', name: 'Online Renewer' });
  await db.updateTable('members').set({ paid_through_year: current }).where('id', '=', member.memberId!).execute();
  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  await page.getByRole('button', { name: new RegExp(`^Renew for ${financialYearLabel(current + 1)}`) }).click();
  await page.getByRole('button', { name: /online$/ }).click();
  await page.getByTestId('standin-pay').click();
  await expect(page).toHaveURL(/\/member\/memberdetail\?payment=paid/);
  await waitForIslands(page);
  const row = await db
    .selectFrom('members')
    .select('paid_through_year')
    .where('id', '=', member.memberId!)
    .executeTakeFirstOrThrow();
  expect(row.paid_through_year).toBe(current + 1);

  // The portal's payments list shows the renewal with its receipt to download.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL('/member/payments');
  await waitForIslands(page);
  const renewal = page.getByTestId('my-payments').getByRole('row').filter({ hasText: 'Membership renewal' });
  await expect(renewal).toContainText('Verified');
  await expect(renewal.getByRole('button', { name: /^Receipt NIPM\/RCPT\// })).toBeVisible();
  const download = page.waitForEvent('download');
  await renewal.getByRole('button', { name: /^Receipt NIPM\/RCPT\// }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-NIPM-RCPT-.*\.pdf$/);
});

test('a member changes the password in the portal and signs in with the new one', async ({ browser, page, users }) => {
  test.setTimeout(60_000);
  const member = await users.create({ roleId: '1', name: 'Password Changer' });
  await signIn(page, member);
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL('/member/password');
  await waitForIslands(page);
  const newPassword = 'Portal-New-Pass-2026';
  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto('/auth/login');
  await again.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await again.getByLabel('Email').fill(member.email);
  await again.getByLabel('Password', { exact: true }).fill(member.password);
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(again).toHaveURL(/\/auth\/login/);
  await signIn(again, { ...member, password: newPassword });
  await expect(again).toHaveURL('/member/memberdetail');
  await fresh.close();
});
