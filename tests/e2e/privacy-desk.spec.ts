import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

test('the super admin names the officer, records a breach for a member, adds the investigation, gets the Board report and marks it sent', async ({
  page,
  users,
}) => {
  const member = await users.create({ roleId: '1', name: 'Latha Breached' });
  const admin = await users.create({ roleId: '2' });
  await signIn(page, admin, '/auth/admin');

  await page.goto('/admin/settings/privacy');
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  await page.getByLabel('Name', { exact: true }).fill('R. Sen');
  await page.getByLabel('E-mail').fill('grievance@nipm.example');
  await page.getByLabel('Logs and activity entries: days (365 at least)').fill('200');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Logs must be kept at least one year (365 days).')).toBeVisible();
  await page.getByLabel('Logs and activity entries: days (365 at least)').fill('400');
  const noticesPerDay = page.getByLabel('Erasure notices to lapsed members: at most this many a day');
  await expect(noticesPerDay).toHaveValue('100');
  await noticesPerDay.fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('At least 1 a day.')).toBeVisible();
  await noticesPerDay.fill('40');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Privacy settings saved.')).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(noticesPerDay).toHaveValue('40');

  await page.getByRole('navigation', { name: 'Privacy desk' }).getByRole('link', { name: 'Breaches' }).click();
  await expect(page).toHaveURL('/admin/privacy/breaches');
  await waitForIslands(page);
  // Each page of the desk has one main heading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy desk: personal data breaches');
  await page.getByRole('button', { name: 'Record a breach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a personal data breach' });
  await dialog.getByLabel('What happened (nature and extent)').fill('A printed list of members was left in a train.');
  await dialog.getByLabel('When the institute became aware').fill('2026-11-20T10:00');
  await dialog.getByLabel('Where (system, office)').fill('Mumbai chapter office');
  await dialog.getByLabel('Which personal data').fill('Names and phone numbers.');
  await dialog.getByLabel('Member ids, chapter id, import id or edition id').fill(String(member.memberId));
  await dialog.getByLabel('Likely consequences for them').fill('Unwanted calls from people claiming to be NIPM.');
  await dialog
    .getByLabel('What the institute has done and is doing')
    .fill('Railway police informed; lists no longer printed.');
  await dialog
    .getByLabel('What they can do to protect themselves')
    .fill('Hang up on callers asking for money or passwords.');
  await dialog.getByRole('button', { name: 'Record and tell the people affected' }).click();
  await expect(page.getByText(/Breach \d+ recorded: 1 people are being e-mailed/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'left in a train' });
  await expect(row).toContainText('Past the 72 hours');

  const db = await e2eDb();
  const id = (
    await db
      .selectFrom('breaches')
      .select('id')
      .where('description', 'like', '%left in a train%')
      .executeTakeFirstOrThrow()
  ).id;

  // What the investigation found is added later; the dialog starts from what was recorded.
  await row.getByRole('button', { name: `Investigation of ${id}` }).click();
  const investigation = page.getByRole('dialog', { name: `Investigation of breach ${id}` });
  await expect(investigation.getByLabel('Where (system, office)')).toHaveValue('Mumbai chapter office');
  await expect(investigation.getByLabel('What happened (nature and extent)')).toHaveCount(0);
  await investigation
    .getByLabel('Facts and reasons leading to it (for the Board)')
    .fill('The list was printed for a meeting and carried by hand.');
  await investigation.getByLabel('What the institute has done and is doing').fill('Too short');
  await investigation.getByRole('button', { name: 'Save the investigation' }).click();
  await expect(investigation.getByText('Say what the institute has done and is doing.')).toBeVisible();
  await investigation
    .getByLabel('What the institute has done and is doing')
    .fill('Railway police informed; lists are shown on screen, never printed.');
  await investigation.getByRole('button', { name: 'Save the investigation' }).click();
  await expect(
    page.getByText(`Breach ${id}: the investigation is recorded; the report to the Board shows it.`),
  ).toBeVisible();
  await expect(investigation).toHaveCount(0);
  await expect
    .poll(async () =>
      db.selectFrom('breaches').select(['cause', 'measures', 'description']).where('id', '=', id).executeTakeFirst(),
    )
    .toEqual({
      cause: 'The list was printed for a meeting and carried by hand.',
      measures: 'Railway police informed; lists are shown on screen, never printed.',
      description: 'A printed list of members was left in a train.',
    });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Report ${id} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`breach-${id}-report-to-board.pdf`);
  await row.getByRole('button', { name: `Mark ${id} sent to the Board` }).click();
  await expect(row).toContainText('Reported');
});

test('the national admin sees the register of staff exports, its own download included', async ({ page, users }) => {
  const admin = await users.create({ roleId: '5' });
  await signIn(page, admin, '/auth/admin');
  await page.goto('/admin/privacy');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy desk: requests');
  await page.getByLabel('Kind').selectOption('grievance');
  await expect(page.getByLabel('Kind')).toHaveValue('grievance');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('privacy-requests.csv');
  await page.getByRole('navigation', { name: 'Privacy desk' }).getByRole('link', { name: 'Export register' }).click();
  await waitForIslands(page);
  const row = page.getByRole('row').filter({ hasText: admin.email }).filter({ hasText: 'privacy-requests' });
  await expect(row.first()).toContainText('kind=grievance');
  await expect(
    page.getByRole('navigation', { name: 'Privacy desk' }).getByRole('link', { name: 'Breaches' }),
  ).toHaveCount(0);
});
