import { expect, test } from '@playwright/test';

test.describe('privacy notice', () => {
  test('itemises what is collected and why, names the rights, and says who is still to be named', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader', { name: 'Your name, title and date of birth' })).toBeVisible();
    const newsletter = table.getByRole('row', { name: /newsletter and other e-mails/ });
    await expect(newsletter.getByRole('cell', { name: 'Optional' })).toBeVisible();
    for (const heading of [
      'Withdrawing your consent',
      'Your rights and how to use them',
      'Complaining to the Data Protection Board',
    ])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText('to be named by the institute').first()).toBeVisible();
    await expect(page.getByText('Rejected or withdrawn applications: erased after 180 days.')).toBeVisible();
  });

  test('keeps each version at its own address, and no other', async ({ page }) => {
    await page.goto('/privacy/v1');
    await expect(page.getByText('Version 1, in effect from')).toBeVisible();
    const missing = await page.goto('/privacy/v99');
    expect(missing?.status()).toBe(404);
  });

  test('every public page links to it from the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
  });
});
