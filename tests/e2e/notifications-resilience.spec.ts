import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import { MARK_ALL_FAILED_MESSAGE } from '../../src/stores/notifications';
import { e2eDb, expect, signIn, test, type E2EUser } from './support/fixtures';

/**
 * Notices in the browser when things go wrong (issue 7): "Mark all read" that fails restores the
 * count and the list with a toast; links that would leave the site while looking internal are not
 * rendered, outside links open in a new tab without opener or referrer.
 */
async function giveNotice(user: E2EUser, title: string, link: string | null = null): Promise<void> {
  const db = await e2eDb();
  const at = nowIso();
  const notice = await db
    .insertInto('notifications')
    .values({
      title,
      message: `About ${title}`,
      link,
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

const badge = (page: Page) =>
  page.getByRole('button', { name: 'Notifications', exact: true }).getByTestId('notification-badge');

test('"Mark all read" that fails restores the count and the list, with a toast', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  for (const title of ['AGM notice', 'Fee reminder', 'Journal issue']) await giveNotice(member, title);
  await signIn(page, member);
  await page.goto('/member/notifications');
  const list = page.getByTestId('notification-item');
  await expect(list).toHaveCount(3);
  await expect(badge(page)).toHaveText('3');
  const markReadButtons = page.getByRole('main').getByRole('button', { name: /^Mark read/ });
  await expect(markReadButtons).toHaveCount(3);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/notifications/mark-all-read', async (route) => {
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

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(markReadButtons).toHaveCount(0);
  release();
  await expect(page.getByText(MARK_ALL_FAILED_MESSAGE)).toBeVisible();
  await expect(badge(page)).toHaveText('3');
  await expect(markReadButtons).toHaveCount(3);
  await expect(list).toHaveCount(3);
});

test('a notice link that leaves the site is not rendered; an outside link opens without opener or referrer', async ({
  page,
  users,
}) => {
  const member = await users.create({ roleId: '1' });
  // Stored before the rule existed (the API refuses these now).
  await giveNotice(member, 'Backslash trick', '/\\evil.example');
  await giveNotice(member, 'Tab trick', '/\t/evil.example');
  await giveNotice(member, 'Report', 'https://www.example.org/report');
  await giveNotice(member, 'Events', '/events');
  await signIn(page, member);
  await page.goto('/member/notifications');
  await expect(page.getByTestId('notification-item')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Open link: Backslash trick' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open link: Tab trick' })).toHaveCount(0);
  const outside = page.getByRole('link', { name: 'Open link: Report' });
  await expect(outside).toHaveAttribute('href', 'https://www.example.org/report');
  await expect(outside).toHaveAttribute('target', '_blank');
  await expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
  const inside = page.getByRole('link', { name: 'Open link: Events' });
  await expect(inside).toHaveAttribute('href', '/events');
  await expect(inside).not.toHaveAttribute('target', /.*/);
});
