import { test, expect, signIn } from './support/fixtures';

/**
 * The access table in the browser (issue 8, item 3): the super admin opens every portal screen,
 * the content-admin ones included, with the spec's menu unchanged; a portal path no entry names
 * is refused to every role.
 */
test('the super admin opens the content-admin events screen and keeps the admin menu', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  const response = await page.goto('/content-admin/events');
  expect(response?.status()).toBe(200);
  const menu = page.getByRole('navigation', { name: 'Portal' });
  await expect(menu.getByRole('link', { name: 'Coupons' })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'Gallery' })).toHaveCount(0);
});

for (const roleId of ['2', '5'] as const) {
  test(`role ${roleId} is refused a portal path the table does not name`, async ({ page, users }) => {
    await signIn(page, await users.create({ roleId }), '/auth/admin');
    for (const path of ['/admin/anything-new', '/%61dmin/anything-new']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    }
  });
}
