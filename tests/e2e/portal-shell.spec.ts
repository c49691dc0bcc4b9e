import { test, expect, signIn, waitForIslands } from './support/fixtures';

test('the avatar dropdown greets the user and signs out to the home page', async ({ page, users }) => {
  const admin = await users.create({ roleId: '5', name: 'Meera Iyer' });
  await signIn(page, admin);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const dropdown = page.locator('#avatar-menu');
  await expect(dropdown).toContainText('Hello, Meera Iyer');
  await expect(dropdown).toContainText(admin.email);
  await expect(dropdown.getByRole('link', { name: 'Admin home' })).toHaveAttribute('href', '/admin/membership');
  await expect(dropdown.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/myprofile/profile');
  await dropdown.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/admin/membership');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=/);
});

test('a content admin opening the coupon screen gets the 403 page, however the path is spelled', async ({
  page,
  users,
}) => {
  const contentAdmin = await users.create({ roleId: '3' });
  await signIn(page, contentAdmin);
  for (const path of ['/admin/coupon', '/%61dmin/coupon']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('Coupons')).toHaveCount(0);
  }
});

test('a member may open only their member pages', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await signIn(page, member);
  expect((await page.goto('/admin/membership'))?.status()).toBe(403);
  expect((await page.goto('/myprofile/profile'))?.status()).toBe(403);
  expect((await page.goto('/member/chapterdetail/'))?.status()).toBe(200);
});

test('Profile Detail stores the member id as the selected member id', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await signIn(page, member);
  await page.getByRole('link', { name: 'Chapter Detail' }).click();
  await expect(page).toHaveURL('/member/chapterdetail/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Profile Detail' }).click();
  await expect(page).toHaveURL('/member/memberdetail');
  expect(await page.evaluate(() => sessionStorage.getItem('selectedMemberId'))).toBe(String(member.memberId));
});

test('on small screens the menu opens from a button', async ({ page, users }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const contentAdmin = await users.create({ roleId: '3' });
  await signIn(page, contentAdmin);
  const menu = page.getByRole('navigation', { name: 'Portal' });
  await expect(menu).toBeHidden();
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Gallery' })).toBeVisible();
});

test('the super admin, whose menu has no My Profile, still reaches their profile from the avatar dropdown', async ({
  page,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2', name: 'Ravi Menon' });
  await signIn(page, superAdmin, '/auth/admin');
  await waitForIslands(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('#avatar-menu').getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL('/myprofile/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeVisible();
});

test('an island that hydrates after the session has loaded still hydrates the server’s HTML (no React error)', async ({
  page,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The ticker screen's code arrives late, as on a slow phone: by then the header has loaded the session.
  await page.route(/\/_astro\/ScrollMessagesAdmin\.[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/admin/scroll-msg');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Scroll messages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add message' })).toBeVisible();
  expect(errors).toEqual([]);
});
