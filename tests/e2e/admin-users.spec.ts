import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test, waitForIslands } from './support/fixtures';
import { decodeQuotedPrintable as decoded, OUTBOX } from './support/outbox';

/** Issue 11 in the browser: inviting staff, disabling them, and the activity log tab. */

async function linkMailedTo(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const message = decoded(await readFile(path.join(OUTBOX, file), 'utf8'));
      if (!message.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?token=[A-Za-z0-9_%.-]+/.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail with a link for ${email}`);
}

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

// Several pages, sign-ins and axe runs per test: more than the default 30 s on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('the super admin invites a content admin, who sets a password and lands on /content-admin/events', async ({
  page,
  browser,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/user-management');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  const email = `invited-${Date.now().toString(36)}@example.test`;
  await page.getByLabel('Name', { exact: true }).fill('Invited Editor');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Content admin' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await page.getByLabel('Search accounts').fill('Invited Editor');
  await page.getByLabel('Search accounts').press('Enter');
  await expect(page.getByRole('cell', { name: new RegExp(email) })).toBeVisible();

  const link = new URL(await linkMailedTo(email));
  const invitee = await browser.newPage();
  await invitee.goto(link.pathname + link.search);
  await waitForIslands(invitee);
  await invitee.getByLabel('New password', { exact: true }).fill('Invited@Editor2026');
  await invitee.getByLabel('Confirm new password').fill('Invited@Editor2026');
  await invitee.getByRole('button', { name: 'Set new password' }).click();
  await expect(invitee.getByRole('status')).toContainText('Your password has been changed.');
  await signIn(
    invitee,
    {
      id: 0,
      email,
      password: 'Invited@Editor2026',
      name: 'Invited Editor',
      roleId: '3',
      memberId: null,
      chapterId: null,
    },
    '/auth/admin',
  );
  await expect(invitee).toHaveURL('/content-admin/events');
  await invitee.close();

  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page).toHaveURL(/tab=log/);
  await expect(page.getByRole('cell', { name: 'staff.user_invited' }).first()).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});

test('a disabled staff member is sent to sign in on their next page', async ({ page, browser, users }) => {
  const superAdmin = await users.create({ roleId: '2' });
  const editor = await users.create({ roleId: '3', name: `Disabled Editor ${Date.now().toString(36)}` });
  const other = await browser.newPage();
  await signIn(other, editor, '/auth/admin');
  await expect(other).toHaveURL('/content-admin/events');

  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/user-management');
  await waitForIslands(page);
  await page.getByLabel('Search accounts').fill(editor.name);
  await page.getByLabel('Search accounts').press('Enter');
  await page.getByRole('button', { name: `Disable ${editor.name}` }).click();
  await expect(page.getByText(`${editor.name} disabled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Enable ${editor.name}` })).toBeVisible();

  await other.reload();
  await expect(other).toHaveURL(/\/auth\/login\?returnTo=/);
  await other.close();
});
