import type { Browser, Page } from '@playwright/test';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { formatMoney } from '../../src/lib/format';
import { paiseToRupees } from '../../src/lib/schemas/money-forms';
import { createCoupon, ensureFees } from '../api/joining-support';
import { e2eDb, expect, signIn, test, waitForIslands, type E2EUser } from './support/fixtures';

/**
 * Staff editing a member and a member's change requests, in the browser: staff find a member in
 * the register, edit the record, see the server's message beside the field it is about, save and
 * see the change; a member asks for a change of name, staff close the request, and the member sees
 * what was decided. And a renewal with a coupon, and one paid in cash at the office.
 */
const CURRENT = financialYearStart(kolkataDate(new Date()));
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function setMember(memberId: number, values: { lastName: string; paid?: number }) {
  const db = await e2eDb();
  await db
    .updateTable('members')
    .set({ last_name: values.lastName, paid_through_year: values.paid ?? CURRENT })
    .where('id', '=', memberId)
    .execute();
}

/** Staff open a member from the register by part of the last name, as the Members tab offers. */
async function openFromRegister(page: Page, lastName: string) {
  await page.goto('/admin/membership?tab=members');
  await waitForIslands(page);
  await page.getByLabel('Name, member number, e-mail, phone or organisation').fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: new RegExp(lastName) }).click();
  await expect(page).toHaveURL(/\/member\/memberdetail$/);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: new RegExp(lastName) })).toBeVisible();
}

async function staffPage(browser: Browser, staff: E2EUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staff, '/auth/admin');
  return page;
}

test.beforeAll(async () => ensureFees(await e2eDb(), CURRENT));

test('staff edit a member: the server’s message beside its field, then the saved change on the record', async ({
  page,
  users,
}) => {
  const lastName = `Edited${stamp()}`;
  const member = await users.create({ roleId: '1', name: 'Esha Member' });
  await setMember(member.memberId!, { lastName });
  const other = await users.create({ roleId: '3' });
  const admin = await users.create({ roleId: '2' });
  await signIn(page, admin, '/auth/admin');
  await openFromRegister(page, lastName);

  await page.getByRole('button', { name: 'Edit the record' }).click();
  const form = page.getByRole('region', { name: 'Edit the record' });
  // The browser checks with the API's schema first: a short PIN code is refused beside its field.
  await form.getByLabel('PIN code').fill('7000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('PIN code')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('PIN code').fill('700019');
  // Only the server knows another account has this e-mail: its message lands beside the field.
  await form.getByLabel('E-mail').fill(other.email);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Already in use.')).toBeVisible();

  const email = `${lastName.toLowerCase()}@example.test`;
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Organisation').fill('Hooghly Jute Mills');
  await form.getByLabel('Phone').fill('+91 98300 55555');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact).toContainText(email);
  await expect(contact).toContainText('+91 98300 55555');
  await expect(page.getByRole('region', { name: 'Professional details' })).toContainText('Hooghly Jute Mills');

  // What was saved is what the register finds now.
  await page.goto('/admin/membership?tab=members');
  await waitForIslands(page);
  await page.getByLabel('Name, member number, e-mail, phone or organisation').fill('hooghly jute');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toBeVisible();
});

test('a member asks to change their name; staff mark it done or decline, and the member sees which', async ({
  page,
  users,
  browser,
}) => {
  // Two people sign in and each opens several portal pages: longer than one page's default.
  test.setTimeout(90_000);
  const lastName = `Asking${stamp()}`;
  const member = await users.create({ roleId: '1', name: 'Rupa Member' });
  await setMember(member.memberId!, { lastName });
  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);

  const askButton = page.getByRole('button', { name: 'Ask to change name, date of birth or class' });
  const form = page.getByRole('region', { name: 'Request a change' });
  await askButton.click();
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByText('Say what should change.')).toBeVisible();
  await form.getByLabel('Date of birth (YYYY-MM-DD)').fill('30/02/1980');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByLabel('Date of birth (YYYY-MM-DD)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Date of birth (YYYY-MM-DD)').fill('');
  await form.getByLabel('Last name').fill(`${lastName}-Sen`);
  await form.getByLabel(/^Why/).fill('Married: certificate sent by post');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form).toHaveCount(0);
  await askButton.click();
  await form.getByLabel('First name').fill('Rupali');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form).toHaveCount(0);

  const mine = page.getByRole('region', { name: 'My change requests' });
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByRole('listitem').filter({ hasText: `Last name: ${lastName}-Sen` })).toContainText(
    'Waiting for the national office',
  );

  const staff = await staffPage(browser, await users.create({ roleId: '2' }));
  await openFromRegister(staff, lastName);
  const requests = staff.getByRole('region', { name: 'For staff' }).getByRole('listitem');
  const nameRequest = requests.filter({ hasText: `${lastName}-Sen` });
  const firstNameRequest = requests.filter({ hasText: 'Rupali' });
  await expect(nameRequest).toContainText('Married: certificate sent by post');
  // Staff make the change the member asked for, then close the request as done; the other is declined.
  await staff.getByRole('button', { name: 'Edit the record' }).click();
  const edit = staff.getByRole('region', { name: 'Edit the record' });
  await edit.getByLabel('Last name').fill(`${lastName}-Sen`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await nameRequest.getByRole('button', { name: 'Mark done' }).click();
  await expect(nameRequest).toContainText('[done]');
  await firstNameRequest.getByRole('button', { name: 'Decline' }).click();
  await expect(firstNameRequest).toContainText('[declined]');
  await expect(staff.getByRole('button', { name: 'Mark done' })).toHaveCount(0);

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: `Rupa ${lastName}-Sen` })).toBeVisible();
  await expect(mine.getByRole('listitem').filter({ hasText: `Last name: ${lastName}-Sen` })).toContainText('Done');
  await expect(mine.getByRole('listitem').filter({ hasText: 'First name: Rupali' })).toContainText('Declined');
});

test('a member renews with a coupon and sees the discount; staff record a renewal paid in cash at the office', async ({
  page,
  users,
  browser,
}) => {
  const code = `E2E${stamp()}`.toUpperCase().slice(0, 20);
  const db = await e2eDb();
  await createCoupon(db, { code, kind: 'flat', value: 20_000, maxUses: 5 });
  const lastName = `Coupon${stamp()}`;
  const member = await users.create({ roleId: '1', name: 'Kiran Member' });
  await setMember(member.memberId!, { lastName });
  const fee = (
    await db
      .selectFrom('membership_fees')
      .select('subscription')
      .where('financial_year', '<=', CURRENT + 1)
      .where('class_code', '=', 'associate')
      .orderBy('financial_year', 'desc')
      .executeTakeFirstOrThrow()
  ).subscription;

  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  await page.getByRole('button', { name: new RegExp(`^Renew for ${financialYearLabel(CURRENT + 1)}`) }).click();
  await page.getByLabel('Coupon code').fill('NO-SUCH-COUPON');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No coupon has this code.' })).toBeVisible();
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Coupon ${code}: − ${formatMoney(20_000)}`)).toBeVisible();
  await expect(page.getByText(`Total: ${formatMoney(fee - 20_000)}`)).toBeVisible();
  await expect(page.getByLabel('Amount paid (Rs)')).toHaveValue(paiseToRupees(fee - 20_000));

  // The office: another member pays in cash; staff record it and the receipt is issued at once.
  const payer = await users.create({ roleId: '1', name: 'Nalini Member' });
  const payerName = `Cash${stamp()}`;
  await setMember(payer.memberId!, { lastName: payerName });
  const staff = await staffPage(browser, await users.create({ roleId: '2' }));
  await openFromRegister(staff, payerName);
  await staff.getByRole('button', { name: /^Record a payment at the office/ }).click();
  await staff.getByLabel('How did you pay?').selectOption('cash');
  await staff.getByRole('button', { name: 'Record and issue the receipt' }).click();
  const receipt = staff.getByRole('button', { name: /^Receipt NIPM\/RCPT\// });
  await expect(receipt).toBeVisible();
  await expect(staff.getByTestId('member-status')).toContainText(`paid through ${financialYearLabel(CURRENT + 1)}`);
});
