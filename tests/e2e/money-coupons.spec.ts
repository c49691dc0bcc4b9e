import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import { e2eDb, expect, signIn, test } from './support/fixtures';

/**
 * The super admin's coupon screen: create and edit in a dialog (the browser's and the server's
 * messages beside the fields), uses/limit, filters kept in the address, deactivation after a
 * confirmation, a coupon's redemptions, the CSV, and no accessibility violations.
 */

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

/** Opens the screen and waits for its list: the island is live once the list has loaded. */
async function openCoupons(page: Page, search = ''): Promise<void> {
  await page.goto(`/admin/coupon${search}`);
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Coupons' }).or(page.getByText('No coupon matches these filters.')),
  ).toBeVisible();
}

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

/** A coupon written straight into the server's database. */
async function seedCoupon(
  code: string,
  values: { kind: 'flat' | 'percent'; value: number; maxUses: number; uses: number },
) {
  const db = await e2eDb();
  const at = nowIso();
  return db
    .insertInto('coupons')
    .values({
      code,
      kind: values.kind,
      value: values.value,
      scope: 'membership',
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
      max_uses: values.maxUses,
      uses: values.uses,
      active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

// The shared two-core machine renders slowly; these flows are long, not timed.
test.describe.configure({ timeout: 90_000 });

test('the super admin creates a coupon, with the browser’s and the server’s messages beside the fields', async ({
  page,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  const code = uniqueCode('E2E');
  await signIn(page, superAdmin, '/auth/admin');
  await openCoupons(page);
  expect(await violationsOf(page)).toEqual([]);

  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Percent off').fill('150');
  await dialog.getByLabel('Maximum uses').fill('2');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog.getByText('Use a whole percentage from 1 to 100.')).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  await dialog.getByLabel('Percent off').fill('15');
  await dialog.getByLabel('Applies to').selectOption('natcon');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15%');
  await expect(row).toContainText('NATCON');
  await expect(row).toContainText('0 / 2');
  await expect(row).toContainText('Usable');

  // The same code in another case is refused by the server, beside the field.
  await page.getByRole('button', { name: 'New coupon' }).click();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Percent off').fill('5');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog.getByText('A coupon with this code already exists.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the super admin filters, edits and deactivates a coupon', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  const code = uniqueCode('EDIT');
  await seedCoupon(code, { kind: 'percent', value: 15, maxUses: 2, uses: 0 });
  await signIn(page, superAdmin, '/auth/admin');
  await openCoupons(page);
  const row = page.getByRole('row').filter({ hasText: code });

  await page.getByRole('searchbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit coupon ${code}` });
  await edit.getByLabel('Maximum uses').fill('5');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('0 / 5');

  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate coupon ${code}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Activate ${code}` })).toBeVisible();

  await page.getByLabel('Status').selectOption('inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(row).toBeVisible();
  await page.getByLabel('Status').selectOption('usable');
  await expect(page.getByText('No coupon matches these filters.')).toBeVisible();
});

test('the super admin sees who used a coupon and downloads the list as CSV', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  const db = await e2eDb();
  const code = uniqueCode('USED');
  const at = nowIso();
  const coupon = await seedCoupon(code, { kind: 'flat', value: 500_00, maxUses: 1, uses: 1 });
  await db
    .insertInto('coupon_redemptions')
    .values({
      coupon_id: coupon.id,
      purpose: 'membership_application',
      subject_id: 4321,
      discount: 500_00,
      redeemed_at: at,
      released_at: null,
    })
    .execute();

  await signIn(page, superAdmin, '/auth/admin');
  await openCoupons(page, `?q=${code}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Rs 500.00');
  await expect(row).toContainText('1 / 1');
  await expect(row).toContainText('Used up');

  await row.getByRole('button', { name: `Redemptions of ${code}` }).click();
  const redemptions = page.getByRole('table', { name: `Redemptions of coupon ${code}` });
  await expect(redemptions).toContainText('Membership application #4321');
  await expect(redemptions).toContainText('Rs 500.00');
  expect(await violationsOf(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coupons-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text).toContain(`${code},flat,500.00,Membership,2020-01-01,2099-12-31,1,1,yes,Used up,`);
});

test('no other role opens the coupon screen', async ({ page, users }) => {
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  const response = await page.goto('/admin/coupon');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
