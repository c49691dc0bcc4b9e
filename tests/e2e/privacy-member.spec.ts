import path from 'node:path';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { E2E_DATA_DIR } from '../../playwright.config';
import { actOnRequest } from '../../src/server/domains/privacy/requests';
import { createDiskStore } from '../../src/server/platform/storage';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

test('a member downloads their data, asks for erasure, and once staff approve cannot sign in again', async ({
  page,
  users,
}) => {
  const member = await users.create({ roleId: '1', name: 'Priya Erasable' });
  const staff = await users.create({ roleId: '5' });
  await signIn(page, member);
  await page.goto('/member/privacy');
  await waitForIslands(page);

  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const downloadButton = page.getByRole('button', { name: 'Download the ZIP' });
  await expect(downloadButton).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(JSON.parse(strFromU8(zip['account.json']!))[0].email).toBe(member.email);

  await page.getByLabel('What you ask for').selectOption('erasure');
  await page.getByLabel('Details').fill('Please erase everything about me.');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(/Erasure #\d+: open/)).toBeVisible();
  await expect(page.getByText(/answer due by/)).toBeVisible();

  // Staff approve it from the desk (the desk's API; its screen is not built yet).
  const db = await e2eDb();
  const request = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('user_id', '=', member.id)
    .executeTakeFirstOrThrow();
  await actOnRequest(
    db,
    { store: createDiskStore(path.join(E2E_DATA_DIR, 'uploads')) },
    request.id,
    'approve',
    'Identity checked.',
    { now: new Date(), actorUserId: staff.id, ip: null },
  );

  await page.context().clearCookies();
  await page.goto('/auth/login');
  await waitForIslands(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail address or password is not correct.')).toBeVisible();
});
