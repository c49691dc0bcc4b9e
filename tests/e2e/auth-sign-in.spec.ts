import { test, expect, signIn } from './support/fixtures';
import type { RoleId } from '../../src/lib/roles';

/** (spec section 6) Roles 4 and 5: membership, chapter details, National HR Awards, payments (issue 28), content admin, My Profile. */
const CHAPTER_AND_ADMIN_MENU = [
  'Membership',
  'Chapter Details',
  'National HR Awards',
  'Payments',
  'Events',
  'Gallery',
  'Newsletter',
  'Personnel Today',
  'Research Compendium',
  'My Profile',
];

/** Each role lands on its home (spec "Home destination after login") and sees its menu (spec section 6). */
const CASES: { roleId: RoleId; home: string; menu: string[] }[] = [
  {
    roleId: '1',
    home: '/member/memberdetail',
    menu: ['Profile Detail', 'Chapter Detail', 'Payments', 'NATCON Orders', 'Change Password'],
  },
  {
    roleId: '2',
    home: '/admin/membership',
    menu: [
      'Membership',
      'Transfers',
      'Membership Reports',
      'Import Register',
      'Chapters',
      'User Management',
      'Payments',
      'Coupons',
      'Bank Statements',
      'Refunds',
      'GST',
      'Scroll Message',
      'Site Settings',
      'Notifications',
      'National HR Awards',
      'Privacy Desk',
    ],
  },
  {
    roleId: '3',
    home: '/content-admin/events',
    menu: ['Events', 'Gallery', 'Newsletter', 'Personnel Today', 'Research Compendium', 'My Profile'],
  },
  {
    roleId: '4',
    home: '/admin/membership',
    menu: CHAPTER_AND_ADMIN_MENU,
  },
  {
    roleId: '5',
    home: '/admin/membership',
    // Role 5 also keeps the privacy desk (issue 26), statements and refunds (issue 24) and the GST register (issue 25).
    menu: [
      CHAPTER_AND_ADMIN_MENU[0],
      'Import Register',
      'Transfers',
      'Privacy Desk',
      ...CHAPTER_AND_ADMIN_MENU.slice(1, 4),
      'Bank Statements',
      'Refunds',
      'GST',
      ...CHAPTER_AND_ADMIN_MENU.slice(4),
    ],
  },
];

for (const { roleId, home, menu } of CASES) {
  test(`role ${roleId} signs in and lands on ${home} with its menu`, async ({ page, users }) => {
    const user = await users.create({ roleId });
    await signIn(page, user);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('navigation', { name: 'Portal' }).getByRole('link')).toHaveText(menu);
  });
}

test('a wrong password gets the same message as an unknown e-mail', async ({ page, users }) => {
  const user = await users.create({ roleId: '2' });
  const messages: string[] = [];
  for (const [email, password] of [
    [user.email, 'Wrong@Password1'],
    [`nobody-${Date.now()}@example.test`, 'Wrong@Password1'],
  ]) {
    await page.goto('/auth/login');
    await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    messages.push((await page.getByRole('alert').textContent()) ?? '');
  }
  expect(messages[0]).toContain('The e-mail address or password is not correct.');
  expect(messages[1]).toBe(messages[0]);
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a member on the staff sign-in is sent to the member sign-in', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await page.goto('/auth/admin');
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Members sign in on the member sign-in page.');
  await page.getByRole('link', { name: 'Go to the member sign-in' }).click();
  await expect(page).toHaveURL('/auth/login');
});

test('staff sign in on the staff sign-in page', async ({ page, users }) => {
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  await expect(page).toHaveURL('/admin/membership');
});

test('an anonymous visitor is sent to sign-in and back to the page they asked for', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  await page.goto('/admin/coupon?page=2');
  await expect(page).toHaveURL('/auth/login?returnTo=%2Fadmin%2Fcoupon%3Fpage%3D2');
  await signIn(page, superAdmin, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL('/admin/coupon?page=2');
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
});

test('a return path to another site is ignored', async ({ page, users }) => {
  const contentAdmin = await users.create({ roleId: '3' });
  await signIn(page, contentAdmin, '/auth/login?returnTo=%2F%2Fevil.example%2Fx');
  await expect(page).toHaveURL('/content-admin/events');
});

test('after too many wrong passwords the sign-in says when to try again', async ({ page, users }) => {
  const user = await users.create({ roleId: '3' });
  await page.goto('/auth/login');
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  const alert = page.getByRole('alert');
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(`Wrong@Password${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(alert).toBeVisible();
    if (/Too many/.test((await alert.textContent()) ?? '')) break;
  }
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText(/Too many failed sign-in attempts\. Try again in \d+ minutes? \(at \d/);
  await expect(page).toHaveURL(/\/auth\/login/);
});
