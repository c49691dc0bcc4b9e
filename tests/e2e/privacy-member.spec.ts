import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
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

  // Staff approve it on the privacy desk, from its menu entry.
  const db = await e2eDb();
  const request = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('user_id', '=', member.id)
    .executeTakeFirstOrThrow();
  await page.context().clearCookies();
  await signIn(page, staff, '/auth/admin');
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Privacy Desk' }).click();
  await expect(page).toHaveURL('/admin/privacy');
  await waitForIslands(page);
  await page.getByLabel('Kind').selectOption('erasure');
  await page.getByLabel('State').selectOption('open');
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('90 days left');
  await expect(row).toContainText('60 days:');
  await row.getByRole('button', { name: `Handle ${request.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Erasure request ${request.id}` });
  await expect(dialog.getByRole('radio', { name: 'Approve' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Note, kept in the history' }).fill('Identity checked.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Request ${request.id}: approve done.`)).toBeVisible();
  const closed = await db
    .selectFrom('privacy_requests')
    .select(['state', 'closed_by'])
    .where('id', '=', request.id)
    .executeTakeFirstOrThrow();
  expect(closed).toEqual({ state: 'approved', closed_by: staff.id });

  await page.context().clearCookies();
  await page.goto('/auth/login');
  await waitForIslands(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail address or password is not correct.')).toBeVisible();
});

test('a member who did not tick the newsletter box gives the consent later, and withdraws it again', async ({
  page,
  users,
}) => {
  const member = await users.create({ roleId: '1', name: 'Ravi Reader' });
  await signIn(page, member);
  await page.goto('/member/privacy');
  await waitForIslands(page);
  const consents = page.getByRole('region', { name: 'Your consents' });
  await expect(consents).toContainText(
    'Send me the NIPM newsletter and other e-mails that are not about my membership.',
  );
  await consents.getByRole('button', { name: 'Yes, send me these e-mails' }).click();
  await expect(page.getByText('Thank you: you will get these e-mails from now on.')).toBeVisible();
  const given = consents.getByRole('listitem').filter({ hasText: 'The newsletter and other e-mails' });
  await expect(given).toContainText('(portal, notice version 1)');
  await expect(consents.getByRole('button', { name: 'Yes, send me these e-mails' })).toHaveCount(0);

  await given.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Withdrawn. You will get no more of these e-mails.')).toBeVisible();
  await expect(given).toContainText('withdrawn');
  await expect(consents.getByRole('button', { name: 'Yes, send me these e-mails' })).toBeVisible();
});
