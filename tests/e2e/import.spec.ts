import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createChapter } from '../support/fixtures';
import { test, expect, e2eDb, signIn, waitForIslands } from './support/fixtures';
import { decodeQuotedPrintable, OUTBOX } from './support/outbox';

/** The set-password link of the invitation sent to `email` (the servers' poller sends within seconds). */
async function invitationLinkFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = await readdir(OUTBOX).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const message = decodeQuotedPrintable(await readFile(path.join(OUTBOX, file), 'utf8'));
      if (!message.toLowerCase().includes(`to: ${email}`) || !message.includes('new portal')) continue;
      const link = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?token=[A-Za-z0-9_%.-]+/.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation for ${email} in ${OUTBOX}`);
}

test('staff import a chapter sheet, and an imported member sets a password from the invitation', async ({
  page,
  users,
}) => {
  test.setTimeout(90_000);
  const db = await e2eDb();
  const run = Date.now().toString(36);
  const chapter = await createChapter(db, { code: `I${run}`.slice(0, 12).toUpperCase(), name: `Import ${run}` });
  const staff = await users.create({ roleId: '2' });
  const email = `imported-${run}@example.test`;
  const csv = [
    'Mem. No,Name of Member,Class,Chapter,Email ID,Enrolled,Blood Group',
    `IMP-${run}-1,Ritu Sé,Life Member,${chapter.code},${email},12-Mar-2019,O+`,
    `IMP-${run}-2,Kabir Das,Associate,${chapter.name},kabir-${run}@example.test,01/04/2015,B+`,
    `IMP-${run}-3,Mala Roy,Student,${chapter.code.toLowerCase()},,5.6.21,A+`,
    `IMP-${run}-4,Bad Date,Associate,${chapter.code},bad-${run}@example.test,0Feb,AB+`,
  ].join('\r\n');

  await signIn(page, staff, '/auth/admin');
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Import Register' }).click();
  await expect(page).toHaveURL('/admin/import');
  await waitForIslands(page);
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'chapter.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('import-state')).toHaveText('uploaded');

  // "Enrolled" is no header the import knows: staff map it by hand.
  await expect(page.getByLabel('Field for Enrolled')).toHaveValue('');
  await page.getByLabel('Field for Enrolled').selectOption({ label: 'Admitted On' });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('import-state')).toHaveText('checked');
  await expect(page.getByTestId('summary-create')).toHaveText('3');
  await expect(page.getByTestId('summary-invalid')).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Preview' })).toContainText('"0Feb" is not a date');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error rows' }).click();
  const download = await downloading;
  const errors = await readFile((await download.path()) as string, 'utf8');
  expect(errors).toContain('error');
  expect(errors).toContain(`IMP-${run}-4,Bad Date`);
  expect(errors).not.toContain(`IMP-${run}-1`);

  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByTestId('import-state')).toHaveText('done', { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Rows committed' })).toBeVisible();
  await expect(page.getByTestId('import-progress')).toContainText('4 of 4 rows (100%)');

  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByTestId('invitations')).toContainText(/Invitations: \d+ sent, \d+ waiting/);
  const link = new URL(await invitationLinkFor(email));

  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  const password = 'Jasmine@Howrah2031';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await signIn(page, { id: 0, email, password, name: 'Ritu Sé', roleId: '1', memberId: null, chapterId: null });
  await expect(page).toHaveURL('/member/memberdetail');
});
