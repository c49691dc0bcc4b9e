import type { Page, Request } from '@playwright/test';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../../src/lib/constants';
import { nowIso } from '../../src/server/platform/db';
import { MARK_READ_FAILED_MESSAGE } from '../../src/lib/notifications';
import { e2eDb, expect, signIn, test, type E2EUser } from './support/fixtures';

/**
 * The bell (spec sections 4, 6, 9): its count and 99+, the optimistic mark-read and its rollback,
 * no bell for the super admin, no polling while signed out or hidden, and a notice sent by the
 * super admin reaching a member within one poll. Time moves only through the page's clock.
 */

/** Gives a user `count` unread notices, written straight into the server's database. */
async function giveNotices(user: E2EUser, count: number, title = 'Notice'): Promise<void> {
  const db = await e2eDb();
  const at = nowIso();
  for (let i = 0; i < count; i++) {
    const notice = await db
      .insertInto('notifications')
      .values({
        title: `${title} ${i + 1}`,
        message: `Message ${i + 1}`,
        link: null,
        audience_type: 'member',
        audience_id: user.email,
        sender_user_id: null,
        recipient_count: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notification_recipients')
      .values({ notification_id: notice.id, user_id: user.id, read_at: null, created_at: at })
      .execute();
  }
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });
const badge = (page: Page) => bell(page).getByTestId('notification-badge');
const isCountCall = (request: Request) => new URL(request.url()).pathname === '/api/notifications/unread-count';

async function hydrated(page: Page): Promise<void> {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

test('the bell shows the unread count, and 99+ above 99', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await giveNotices(member, 3);
  await signIn(page, member);
  await expect(badge(page)).toHaveText('3');

  await giveNotices(member, 97);
  await page.reload();
  await expect(badge(page)).toHaveText('99+');
});

test('marking a notice read lowers the count at once and restores it when the call fails', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await giveNotices(member, 3);
  await signIn(page, member);
  await expect(badge(page)).toHaveText('3');

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/notifications/*/mark-read', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      }),
    });
  });

  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await panel
    .getByRole('button', { name: /^Mark read/ })
    .first()
    .click();
  await expect(badge(page)).toHaveText('2');
  release();
  await expect(badge(page)).toHaveText('3');
  await expect(page.getByText(MARK_READ_FAILED_MESSAGE)).toBeVisible();

  await page.unroute('**/api/notifications/*/mark-read');
  await panel
    .getByRole('button', { name: /^Mark read/ })
    .first()
    .click();
  await expect(badge(page)).toHaveText('2');
  await page.reload();
  await expect(badge(page)).toHaveText('2');
});

test('the super admin has no bell', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(bell(page)).toHaveCount(0);
  for (const path of ['/member/notifications', '/']) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(bell(page)).toHaveCount(0);
  }
});

test('no polling while signed out or while the tab is hidden; polling resumes on return', async ({ page, users }) => {
  const countCalls: Request[] = [];
  page.on('request', (request) => {
    if (isCountCall(request)) countCalls.push(request);
  });
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.clock.fastForward(NOTIFICATION_POLL_INTERVAL_MS * 3);
  await page.waitForLoadState('networkidle');
  expect(countCalls).toHaveLength(0);
  await expect(bell(page)).toHaveCount(0);

  const member = await users.create({ roleId: '1' });
  await giveNotices(member, 1);
  await signIn(page, member);
  await expect(badge(page)).toHaveText('1');
  const afterSignIn = countCalls.length;
  expect(afterSignIn).toBeGreaterThan(0);

  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.fastForward(NOTIFICATION_POLL_INTERVAL_MS * 3);
  await page.waitForLoadState('networkidle');
  expect(countCalls).toHaveLength(afterSignIn);

  await giveNotices(member, 1);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(badge(page)).toHaveText('2');
  expect(countCalls.length).toBeGreaterThan(afterSignIn);
});

test('a notice sent by the super admin reaches the member’s bell within one poll', async ({ browser, page, users }) => {
  const member = await users.create({ roleId: '1' });
  const superAdmin = await users.create({ roleId: '2' });

  await page.clock.install();
  await signIn(page, member);
  await expect(bell(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(badge(page)).toHaveCount(0);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, superAdmin, '/auth/admin');
  await staff.goto('/admin/notifications');
  await hydrated(staff);
  await staff.getByLabel('Title').fill('Annual general meeting');
  await staff.getByLabel('Message').fill('The AGM is on 1 March at the national office.');
  await staff.getByRole('radio', { name: 'A member' }).check();
  await staff.getByLabel('Member number or e-mail').fill(member.email);
  await expect(staff.getByTestId('notification-preview')).toContainText('Annual general meeting');
  await staff.getByRole('button', { name: 'Send notification' }).click();
  await expect(staff.getByText('Sent to 1 recipient.')).toBeVisible();
  await expect(staff.getByRole('cell', { name: 'Annual general meeting' })).toBeVisible();
  await staffContext.close();

  await page.clock.fastForward(NOTIFICATION_POLL_INTERVAL_MS);
  await expect(badge(page)).toHaveText('1');
  await bell(page).click();
  await expect(page.getByText('Annual general meeting')).toBeVisible();
});

test('the notifications page lists, filters, marks read and marks all read', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  await giveNotices(member, 3, 'Circular');
  await signIn(page, member);
  await page.goto('/member/notifications');
  await hydrated(page);
  await expect(page.getByTestId('notification-item')).toHaveCount(3);
  await expect(page.getByTestId('notification-item').first()).toContainText('Circular 3');

  await page.getByRole('button', { name: 'Mark read: Circular 3' }).click();
  await expect(badge(page)).toHaveText('2');
  await page.getByRole('button', { name: /^Unread/ }).click();
  await expect(page.getByTestId('notification-item')).toHaveCount(2);

  await page.getByRole('button', { name: 'Mark all read' }).first().click();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByText('You have no unread notifications.')).toBeVisible();
});
