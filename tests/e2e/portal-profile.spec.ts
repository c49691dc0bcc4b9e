import { test, expect, signIn, waitForIslands } from './support/fixtures';

test('My Profile shows the account and changes the password, keeping this session', async ({ page, users }) => {
  const user = await users.create({ roleId: '4', name: 'Rahul Sen' });
  await signIn(page, user);
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Rahul Sen' })).toBeVisible();
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
  await expect(page.getByText('RS', { exact: true }).first()).toBeVisible();
  await waitForIslands(page);

  await page.getByLabel('Current password').fill('Not@MyPassword1');
  await page.getByLabel('New password', { exact: true }).fill('Lotus@Howrah2032');
  await page.getByLabel('Confirm new password').fill('Lotus@Howrah2032');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#profile-currentPassword-error')).toBeVisible();

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/myprofile/profile');
  await expect(page.getByRole('heading', { name: 'Rahul Sen' })).toBeVisible();
});

test('the e-mail copy of notifications is opted in and stays so', async ({ page, users }) => {
  const user = await users.create({ roleId: '3' });
  await signIn(page, user);
  await page.goto('/myprofile/profile');
  const optIn = page.getByLabel('Send me an e-mail copy of each notification');
  await expect(optIn).not.toBeChecked();
  await waitForIslands(page);
  await optIn.check();
  await expect(page.getByText('You will get an e-mail copy of notifications.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Send me an e-mail copy of each notification')).toBeChecked();
});

test('a member sees their own record whatever the selected member id says', async ({ page, users }) => {
  const other = await users.create({ roleId: '1', name: 'Other Person' });
  const member = await users.create({ roleId: '1', name: 'Kavya Nair' });
  await signIn(page, member);
  await page.evaluate((id) => sessionStorage.setItem('selectedMemberId', String(id)), other.memberId);
  await page.goto('/member/memberdetail');
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Kavya');
  await expect(page.getByText('Other Person')).toHaveCount(0);
});

test('a chapter admin sees a member outside their chapter as not found', async ({ page, users }) => {
  const outsider = await users.create({ roleId: '1' });
  const chapterAdmin = await users.create({ roleId: '4' });
  await signIn(page, chapterAdmin);
  await page.evaluate((id) => sessionStorage.setItem('selectedMemberId', String(id)), outsider.memberId);
  await page.goto('/member/memberdetail');
  await expect(page.getByRole('alert')).toContainText('No record was found');
});

test('a member sees their chapter', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await signIn(page, member);
  await page.getByRole('link', { name: 'Chapter Detail' }).click();
  await expect(page.getByText('Kolkata')).toBeVisible();
});
