import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { hashToken } from '../../src/server/domains/joining/records';
import { createChapter } from '../support/fixtures';
import { applicationRow } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';
import { mailsTo } from './support/outbox';

/**
 * The applicant withdraws their own application from the status page after paying; the page says
 * the money will be refunded; staff see the payment as a refund due, make it on the Refunds page,
 * and the applicant is e-mailed and reads on the status page that it was refunded.
 */
test('an applicant withdraws a paid application, staff refund it, and the applicant is told', async ({
  page,
  browser,
  request,
  users,
}) => {
  test.setTimeout(120_000);
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase();
  const chapter = await createChapter(db, { code: `W${suffix}`.slice(0, 12), name: `Withdrawal ${suffix}` });
  const token = randomBytes(24).toString('base64url');
  const today = kolkataDate(new Date());
  // Written directly: submissions are throttled per address, and the form has its own test.
  const row = applicationRow(chapter.id, { state: 'awaiting_payment', appliedOn: today, index: Date.now() });
  await db
    .insertInto('applications')
    .values({
      ...row,
      state: 'awaiting_payment',
      status_token_hash: hashToken(token),
      financial_year: financialYearStart(today),
    })
    .execute();
  const reported = await request.post(
    `/api/membership/applications/${row.reference}/payments?token=${encodeURIComponent(token)}`,
    { data: { mode: 'upi', reference: `7${Date.now()}`.slice(0, 12), amount: row.amount_due, paidOn: today } },
  );
  expect(reported.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/membership/status?token=${encodeURIComponent(token)}`);
  await waitForIslands(page);
  await expect(page.getByTestId('application-state')).toHaveText('Payment reported');
  await page.getByRole('button', { name: 'Withdraw my application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await expect(dialog).toContainText('Rs 1,251.00 you paid will be refunded to you in full');
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Keep my application' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('application-state')).toHaveText('Payment reported');

  await page.getByRole('button', { name: 'Withdraw my application' }).click();
  await dialog.getByLabel('Reason (optional)').fill('Moving abroad');
  const accessibility = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(page.getByTestId('application-state')).toHaveText('Withdrawn');
  await expect(page.getByTestId('next-step')).toContainText(
    'Once the national office has confirmed that your payment of Rs 1,251.00 arrived, it will be refunded to you in full',
  );
  await expect(page.getByTestId('refund-due')).toHaveText('To be refunded to you in full.');
  await expect(page.getByRole('button', { name: 'Withdraw my application' })).toHaveCount(0);
  await expect(page.getByText('Withdrawn by the applicant: Moving abroad')).toBeVisible();

  // Staff find it under "Withdrawn" and see what is owed.
  const admin = await users.create({ roleId: '2', name: 'Refund Admin' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/membership');
  await waitForIslands(page);
  await page.getByLabel('State').selectOption({ label: 'Withdrawn' });
  await page.getByLabel('Name, e-mail or application number').fill(row.reference);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: new RegExp(row.reference) }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Withdrawn');
  await expect(page.getByTestId('refund-due')).toContainText('Refund due once verified');
  await page.getByRole('button', { name: 'Verify payment' }).click();
  await page.getByRole('dialog').getByLabel('Note').fill('Arrived; refund to be sent');
  await page.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('refund-due')).toHaveText(
    'Refund due: Rs 1,251.00 to the applicant (application withdrawn).',
  );

  // The Refunds page lists what is owed; the refund is recorded with how the money went back.
  await page.goto('/admin/payments/refunds');
  await waitForIslands(page);
  await page.getByLabel('State').selectOption({ label: 'To make' });
  await page.getByLabel('Payer or receipt').fill(row.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const payer = `${row.first_name} ${row.last_name}`;
  const owed = page.getByRole('row').filter({ hasText: payer });
  await expect(owed).toHaveCount(1);
  await expect(owed).toContainText('Rs 1,251.00');
  await owed.getByRole('button', { name: `Refund ${payer}` }).click();
  const refund = page.getByRole('dialog', { name: `Refund Rs 1,251.00 to ${payer}` });
  await refund.getByLabel('Sent back by').selectOption('bank_transfer');
  await refund.getByLabel('Transfer reference').fill('NEFT-REF-778');
  await refund.getByLabel('Sent on').fill(today);
  await refund.getByRole('button', { name: 'Record the refund' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is recorded' })).toHaveText(
    `The refund of Rs 1,251.00 to ${payer} is recorded; they have been e-mailed.`,
  );
  await expect(page.getByRole('row').filter({ hasText: payer })).toHaveCount(0);
  await page.getByLabel('State').selectOption({ label: 'Made' });
  const made = page.getByRole('row').filter({ hasText: payer });
  await expect(made).toContainText('Made');
  await expect(made).toContainText('NEFT-REF-778');
  await expect.poll(async () => (await mailsTo(row.email)).filter((m) => m.includes('Refund of Rs'))).toHaveLength(1);
  expect((await mailsTo(row.email)).find((m) => m.includes('Refund of Rs'))).toContain('(reference NEFT-REF-778)');

  // The applicant's page now says it was refunded, not that it will be.
  const applicant = await (await browser.newContext()).newPage();
  await applicant.goto(`/membership/status?token=${encodeURIComponent(token)}`);
  await waitForIslands(applicant);
  await expect(applicant.getByTestId('refunded')).toHaveText('Refunded to you: Rs 1,251.00.');
  await expect(applicant.getByTestId('refund-due')).toHaveCount(0);
  await expect(applicant.getByTestId('next-step')).toContainText('The national office has refunded Rs 1,251.00 to you');
  await applicant.context().close();
});
