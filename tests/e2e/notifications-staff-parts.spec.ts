import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import { e2eDb, expect, signIn, test, waitForIslands, type E2EUser, type UserFactory } from './support/fixtures';

/**
 * The shared staff parts as the notification screens use them: the list's page and filter survive a
 * reload (they live in the address), the CSV export downloads with a byte-order mark, the confirm
 * dialog gives focus back on Escape, form fields show the schema's and the server's messages, and
 * the screens pass axe. Notices are written with a unique word so that parallel tests never meet.
 */

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

/** `count` notices titled `${word} 1..count`, sent by `sender` to `recipient`. */
async function sentNotices(word: string, count: number, sender: E2EUser, recipient: E2EUser): Promise<void> {
  const db = await e2eDb();
  const at = nowIso();
  const notices = await db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, (_, i) => ({
        title: `${word} ${String(i + 1).padStart(2, '0')}`,
        message: `Message ${i + 1}, with a comma`,
        link: null,
        audience_type: 'member' as const,
        audience_id: recipient.email,
        sender_user_id: sender.id,
        recipient_count: 1,
        created_at: at,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('notification_recipients')
    .values(notices.map((n) => ({ notification_id: n.id, user_id: recipient.id, read_at: null, created_at: at })))
    .execute();
}

const uniqueWord = () => `Circular${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs a super admin (Ranjan Sen) in to the history filtered to `count` new notices; answers their word. */
async function historyOf(page: Page, users: UserFactory, count: number): Promise<string> {
  const superAdmin = await users.create({ roleId: '2', name: 'Ranjan Sen' });
  const member = await users.create({ roleId: '1' });
  const word = uniqueWord();
  await sentNotices(word, count, superAdmin, member);
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/notifications');
  await waitForIslands(page);
  await page.getByLabel('Search sent notices').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  return word;
}

// The axe checks and the many steps of these tests take long on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

const historyRows = (page: Page) => page.getByRole('table', { name: 'Sent notifications' }).locator('tbody tr');

test('the history keeps its filter, page and order across a reload', async ({ page, users }) => {
  const word = await historyOf(page, users, 25);
  await expect(historyRows(page)).toHaveCount(20);
  await expect(page.getByText('1–20 of 25 notices')).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(historyRows(page)).toHaveCount(5);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText('21–25 of 25 notices')).toBeVisible();
  await expect(historyRows(page)).toHaveCount(5);
  await expect(page.getByLabel('Search sent notices')).toHaveValue(word);

  await page.getByRole('button', { name: /^Title/ }).click();
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole('columnheader', { name: /^Title/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(historyRows(page).first()).toContainText(`${word} 01`);
  await page.getByRole('button', { name: /^Title/ }).click();
  await expect(page).toHaveURL(/sort=-title/);
  await expect(historyRows(page).first()).toContainText(`${word} 25`);
  await page.goBack();
  await expect(historyRows(page).first()).toContainText(`${word} 01`);
  await expect(historyRows(page).first()).toContainText('Ranjan Sen');

  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(historyRows(page)).toHaveCount(25);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText('1–25 of 25 notices')).toBeVisible();
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
});

test('the CSV export downloads the filtered list with a byte-order mark', async ({ page, users }) => {
  const word = await historyOf(page, users, 3);
  await expect(historyRows(page)).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^notifications-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Sent at,Title,Message,Link,To,Sent by,Recipients,Read');
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([`${word} 03`, `${word} 02`, `${word} 01`]);
  expect(lines[1]).toContain('"Message 3, with a comma"');
});

test('the confirm dialog cancels on Escape and gives focus back to the button that opened it', async ({
  page,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  const title = uniqueWord();
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/notifications');
  await waitForIslands(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('To everyone.');
  const send = page.getByRole('button', { name: 'Send notification' });
  await send.click();

  const dialog = page.getByRole('dialog', { name: 'Send to all users?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send to all users' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await violationsOf(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(send).toBeFocused();
  const db = await e2eDb();
  expect(await db.selectFrom('notifications').select('id').where('title', '=', title).execute()).toEqual([]);
});

test('the composer shows the schema’s messages and the server’s beside the inputs', async ({ page, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/notifications');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.locator('#notice-title-error')).toHaveText('Enter a title.');
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill('For nobody');
  await expect(page.locator('#notice-title-error')).toHaveCount(0);
  await page.getByLabel('Message').fill('This reaches no one.');
  await page.getByRole('radio', { name: 'A member' }).check();
  await page.getByLabel('Member number or e-mail').fill('nobody-at-all@example.test');
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.locator('#notice-member-error')).toHaveText(
    'No active member account has this member number or e-mail.',
  );
  await expect(page.getByLabel('Member number or e-mail')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention.' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});

test('the member’s list keeps its page and filter in the address', async ({ page, users }) => {
  const member = await users.create({ roleId: '1' });
  const sender = await users.create({ roleId: '2' });
  const word = uniqueWord();
  await sentNotices(word, 23, sender, member);
  await signIn(page, member);
  await page.goto('/member/notifications?page=2');
  await waitForIslands(page);
  await expect(page.getByTestId('notification-item')).toHaveCount(3);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId('notification-item')).toHaveCount(20);

  await page.getByRole('button', { name: 'Mark read: ' + `${word} 23` }).click();
  await page.getByRole('button', { name: /^Unread/ }).click();
  await expect(page).toHaveURL(/unread=true/);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: /^Unread/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1–20 of 22 notifications')).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});

test('the bell’s panel and the account menu close on Escape with focus back on their button, and on an outside press', async ({
  page,
  users,
}) => {
  const chapterAdmin = await users.create({ roleId: '4' });
  await signIn(page, chapterAdmin);
  await waitForIslands(page);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await bell.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await bell.click();
  await expect(panel).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(panel).toBeHidden();

  const account = page.getByRole('button', { name: 'Account menu' });
  await account.click();
  await expect(page.locator('#avatar-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#avatar-menu')).toBeHidden();
  await expect(account).toBeFocused();
});
