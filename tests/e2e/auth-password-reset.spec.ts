import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, signIn } from './support/fixtures';
import { decodeQuotedPrintable, OUTBOX } from './support/outbox';

async function resetLinkFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = await readdir(OUTBOX).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const message = decodeQuotedPrintable(await readFile(path.join(OUTBOX, file), 'utf8'));
      if (!message.toLowerCase().includes(email)) continue;
      const link = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?token=[A-Za-z0-9_%.-]+/.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset e-mail for ${email} in ${OUTBOX}`);
}

test('a forgotten password is reset through the e-mailed link, once', async ({ page, users }) => {
  const user = await users.create({ roleId: '3' });
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail address');

  const link = new URL(await resetLinkFor(user.email));
  await page.goto(link.pathname + link.search);
  const newPassword = 'Tulip@Kolkata2031';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');

  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('Another@Pass2031');
  await page.getByLabel('Confirm new password').fill('Another@Pass2031');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await signIn(page, { ...user, password: newPassword });
  await expect(page).toHaveURL('/content-admin/events');
});
