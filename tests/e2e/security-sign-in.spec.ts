import { expect, signIn, test } from './support/fixtures';

/**
 * Sign-in in the browser (issue 7, items 2 and 7): no open redirect through `returnTo`, and the
 * device cookie that lets the owner's browser through a lock that strangers caused.
 */
test('a sign-in with returnTo=%2F..%2F%2Fevil.example%2Fphish lands on the role’s home on this site', async ({
  page,
  users,
  baseURL,
}) => {
  const member = await users.create({ roleId: '1' });
  await signIn(page, member, '/auth/login?returnTo=%2F..%2F%2Fevil.example%2Fphish');
  await expect(page).toHaveURL(`${baseURL}/member/memberdetail`);
});

test('a sign-in with returnTo=/.//evil.example/phish lands on the role’s home on this site', async ({
  page,
  users,
  baseURL,
}) => {
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin?returnTo=/.//evil.example/phish');
  await expect(page).toHaveURL(`${baseURL}/admin/membership`);
});

test('a sign-in with returnTo of a portal page the role may open lands there', async ({ page, users, baseURL }) => {
  const member = await users.create({ roleId: '1' });
  await signIn(page, member, '/auth/login?returnTo=%2Fmember%2Fnotifications');
  await expect(page).toHaveURL(`${baseURL}/member/notifications`);
});

test('the owner’s browser signs in during a lock that strangers caused; another browser is refused', async ({
  page,
  browser,
  request,
  users,
  baseURL,
}) => {
  const owner = await users.create({ roleId: '1' });
  await signIn(page, owner);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'nipm_device');
  expect(device).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' });
  await page.context().clearCookies({ name: /session-token/ });

  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await request.post('/api/sessions', { data: { email: owner.email, password: 'Wrong@Guess123' } });
    expect(answer.status()).toBe(401);
  }

  const stranger = await browser.newContext({ baseURL });
  const other = await stranger.newPage();
  await other.goto('/auth/login');
  await other.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await other.getByLabel('Email').fill(owner.email);
  await other.getByLabel('Password', { exact: true }).fill(owner.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('alert')).toContainText('Too many failed sign-in attempts');
  await stranger.close();

  await signIn(page, owner);
  await expect(page).toHaveURL(`${baseURL}/member/memberdetail`);
});
