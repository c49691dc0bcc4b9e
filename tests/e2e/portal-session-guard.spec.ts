import { test, expect, signIn, e2eDb, waitForIslands } from './support/fixtures';

const TIMED_OUT_TEXT =
  'Your session has timed out due to inactivity. For security reasons, please log in again to continue accessing the application.';

test('an expired token brings up Session Timed Out, and its button signs out to /', async ({ page, users }) => {
  await page.clock.install();
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin);
  await expect(page).toHaveURL('/admin/membership');
  await waitForIslands(page);
  // Past the 8-hour token lifetime: the next 5-minute check finds the token expired.
  await page.clock.fastForward('08:05:00');
  const dialog = page.getByRole('alertdialog', { name: 'Session Timed Out' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TIMED_OUT_TEXT);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Log in' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toBeNull();
});

test('a token revoked on the server (password changed elsewhere) brings up Session Timed Out', async ({
  page,
  users,
}) => {
  await page.clock.install();
  const contentAdmin = await users.create({ roleId: '3' });
  await signIn(page, contentAdmin);
  // The guard's first check must have run with the valid token before the token is revoked.
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  const db = await e2eDb();
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', contentAdmin.id)
    .execute();
  await page.clock.fastForward('05:01');
  await expect(page.getByRole('alertdialog', { name: 'Session Timed Out' })).toBeVisible();
});

test('signing out in another tab brings up Authentication Required', async ({ page, context, users }) => {
  await page.clock.install();
  const admin = await users.create({ roleId: '2' });
  await signIn(page, admin);
  // The guard's first check must have run with the session before the cookie goes.
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  await context.clearCookies();
  await page.clock.fastForward('05:01');
  const dialog = page.getByRole('alertdialog', { name: 'Authentication Required' });
  await expect(dialog).toContainText('Please log in to access this page.');
});

test('the guard leaves a member alone on their member detail page', async ({ page, users }) => {
  await page.clock.install();
  const member = await users.create({ roleId: '1' });
  await signIn(page, member);
  await expect(page).toHaveURL('/member/memberdetail');
  await page.clock.fastForward('08:05:00');
  await expect(page.getByRole('heading', { name: 'Profile Detail' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
