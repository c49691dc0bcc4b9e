import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signIn, waitForIslands } from './support/fixtures';

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

for (const path of ['/auth/login', '/auth/admin', '/auth/forgot-password', '/auth/reset-password?token=x']) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await waitForIslands(page);
    expect(await violationsOf(page)).toEqual([]);
  });
}

test('the portal shell, its dropdown, the profile and the 403 page have no WCAG A/AA violations', async ({
  page,
  users,
}) => {
  const chapterAdmin = await users.create({ roleId: '4', name: 'Neha Ghosh' });
  await signIn(page, chapterAdmin);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  expect(await violationsOf(page)).toEqual([]);
  await page.goto('/myprofile/profile');
  await expect(page.getByRole('heading', { name: 'Neha Ghosh' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
  await page.goto('/admin/coupon');
  expect(await violationsOf(page)).toEqual([]);
});

test('the session dialog has no WCAG A/AA violations', async ({ page, users }) => {
  await page.clock.install();
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin);
  await waitForIslands(page);
  await page.clock.fastForward('08:05:00');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});
