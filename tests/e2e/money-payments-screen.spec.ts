import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { ensureFees } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/**
 * Issue 28, item 1 in the browser: a member renews and reports a UPI payment; staff find it on
 * `/admin/payments` (filtered by state and purpose), open what it is for, verify it after the one
 * confirmation every staff screen asks; the member then sees the receipt.
 */
const CURRENT = financialYearStart(kolkataDate(new Date()));

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test.beforeAll(async () => ensureFees(await e2eDb(), CURRENT));

test('a renewal reported by a member is verified on the payments screen and the member sees the receipt', async ({
  page,
  browser,
  users,
}) => {
  test.setTimeout(90_000);
  const member = await users.create({ roleId: '1', name: 'Pallavi Payer' });
  const surname = `Payer${Date.now().toString(36)}`;
  await (
    await e2eDb()
  )
    .updateTable('members')
    .set({ last_name: surname, paid_through_year: CURRENT })
    .where('id', '=', member.memberId!)
    .execute();
  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  await page.getByRole('button', { name: new RegExp(`^Renew for ${financialYearLabel(CURRENT + 1)}`) }).click();
  const reference = `5${String(Date.now()).slice(-11)}`;
  await page.getByLabel('How did you pay?').selectOption('upi');
  await page.getByLabel(/UTR or UPI transaction id/).fill(reference);
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for the national office' })).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, await users.create({ roleId: '5' }), '/auth/admin');
  await staff.goto('/admin/payments?state=reported&purpose=membership_renewal');
  await waitForIslands(staff);
  await staff.getByRole('navigation').getByRole('link', { name: 'Payments' }).first().waitFor();
  await staff.getByLabel('Payer, reference or receipt').fill(reference);
  await staff.getByRole('button', { name: 'Search' }).click();
  const row = staff.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Membership renewal');
  await expect(row).toContainText('Reported');
  await axe(staff);
  await row.getByRole('button', { name: /^Verify/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Verify this payment?' });
  await expect(dialog).toContainText(`UPI, reference ${reference}`);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(staff.getByText('Payment verified: the payer gets the receipt.')).toBeVisible();
  await staff.getByLabel('State').selectOption('verified');
  const verifiedRow = staff.getByRole('row', { name: new RegExp(reference) });
  await expect(verifiedRow).toContainText('Verified');
  const receiptNumber = /NIPM\/RCPT\/\S+/.exec((await verifiedRow.textContent()) ?? '')?.[0];
  expect(receiptNumber).toBeTruthy();
  // What it was for opens on the member's register entry.
  await expect(verifiedRow.getByRole('link', { name: /^M-/ })).toHaveAttribute(
    'href',
    /\/admin\/membership\?tab=members&q=/,
  );
  // The payment itself opens on its detail page from its date.
  await expect(verifiedRow.getByRole('link', { name: /\d{4}, / })).toHaveAttribute(
    'href',
    /\/admin\/payments\/detail\?id=\d+$/,
  );

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: `Receipt ${receiptNumber}` })).toBeVisible();
});
