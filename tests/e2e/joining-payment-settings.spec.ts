import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { hashToken } from '../../src/server/domains/joining/records';
import { createChapter } from '../support/fixtures';
import { applicationRow } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/** The super admin sets the UPI address and bank account, and an applicant's pay screen shows them. */
test('the super admin edits the payment settings and the pay screen shows the new ones', async ({ page, users }) => {
  test.setTimeout(90_000);
  const admin = await users.create({ roleId: '2', name: 'Settings Admin' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/membership?tab=payment-settings');
  await waitForIslands(page);
  await expect(page.getByRole('tab', { name: 'Payment settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sample-upi')).toBeVisible();
  await expect(page.getByLabel('UPI address')).toHaveValue('nipm.sample@upi');

  const vpa = `nipm.${Date.now().toString(36)}@sbi`;
  await page.getByLabel('UPI address').fill(vpa);
  await page.getByLabel('Payee name shown in UPI apps').fill('NIPM Kolkata');
  await page.getByLabel('Account number').fill('12345');
  await page.getByLabel('IFSC').fill('SBIN0005943');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  // The message sits on the field it is about, and nothing is saved.
  await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#settings-bank-account-number-error')).toHaveText(
    'Enter the account number: 9 to 18 digits.',
  );
  const accessibility = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Account number').fill('30912345678');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();
  await expect(page.getByTestId('sample-upi')).toHaveCount(0);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByLabel('UPI address')).toHaveValue(vpa);

  // An applicant awaiting payment sees the new UPI address and account.
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase();
  const chapter = await createChapter(db, { code: `S${suffix}`.slice(0, 12), name: `Settings ${suffix}` });
  const token = randomBytes(24).toString('base64url');
  const today = kolkataDate(new Date());
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
  await page.goto(`/membership/status?token=${encodeURIComponent(token)}`);
  await waitForIslands(page);
  await expect(page.getByText(`UPI address: ${vpa}`)).toBeVisible();
  await expect(page.getByText('Payee: NIPM Kolkata')).toBeVisible();
  await expect(page.getByText('30912345678')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute(
    'href',
    new RegExp(`pa=${vpa.replace('.', '\\.').replace('@', '(@|%40)')}`),
  );
});
