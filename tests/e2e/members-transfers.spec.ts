import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createChapter } from '../support/fixtures';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/**
 * A chapter transfer end to end (issue 28, item 4): the member asks in the portal, the national
 * office approves on the transfers screen after a confirmation, and the member sees the new chapter
 * and the decision.
 */
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

test('a member asks to move chapter, the national office approves, the member sees the move', async ({
  page,
  browser,
  users,
}) => {
  // The member and the national office each sign in and open several portal pages.
  test.setTimeout(90_000);
  const target = await createChapter(await e2eDb(), { name: `Pune ${stamp()}` });
  const lastName = `Mover${stamp()}`;
  const member = await users.create({ roleId: '1', name: `Tara ${lastName}` });
  await (
    await e2eDb()
  )
    .updateTable('members')
    .set({ last_name: lastName })
    .where('id', '=', member.memberId!)
    .execute();

  await signIn(page, member);
  await page.goto('/member/memberdetail');
  await waitForIslands(page);
  const section = page.getByRole('region', { name: 'Chapter transfer' });
  await section.getByRole('button', { name: 'Ask to move to another chapter' }).click();
  await section.getByLabel('Move to').selectOption({ label: target.name });
  await section.getByLabel('Why (optional)').fill('Moving to Pune for work');
  await section.getByRole('button', { name: 'Send the request' }).click();
  await expect(section.getByText('Waiting for the national office')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ask to move to another chapter' })).toHaveCount(0);

  const admin = await users.create({ roleId: '5' });
  const office = await (await browser.newContext()).newPage();
  await signIn(office, admin, '/auth/admin');
  await office.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(office).toHaveURL('/admin/transfers');
  await waitForIslands(office);
  await office.getByLabel('Member name or number').fill(lastName);
  await office.getByRole('button', { name: 'Search' }).click();
  const row = office.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText(target.name);
  await expect(row).toContainText('Waiting for the national office');
  expect(await violationsOf(office)).toEqual([]);
  await row.getByRole('button', { name: /^Approve/ }).click();
  const dialog = office.getByRole('dialog', { name: 'Approve this transfer?' });
  await expect(dialog).toContainText(target.name);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('region', { name: 'Chapter transfer' }).getByText('Approved')).toBeVisible();
  await expect(page.getByText(new RegExp(`${target.name} \\(`))).toBeVisible();
});

test('the transfers screen is the national office’s: a chapter admin is refused', async ({ page, users }) => {
  const chapterAdmin = await users.create({ roleId: '4' });
  await signIn(page, chapterAdmin, '/auth/admin');
  const response = await page.goto('/admin/transfers');
  expect(response?.status()).toBe(403);
});
