import AxeBuilder from '@axe-core/playwright';
import { createChapter } from '../support/fixtures';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/** Issue 11 in the browser: a chapter admin keeps its own chapter's office bearers, and no other's. */
// Several pages, sign-ins and axe runs per test: more than the default 30 s on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('a chapter admin edits its office bearers and cannot open another chapter', async ({ page, users }) => {
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase().slice(-5);
  const own = await createChapter(db, { code: `O${suffix}`, name: `Own Chapter ${suffix}` });
  const other = await createChapter(db, { code: `X${suffix}`, name: `Other Chapter ${suffix}` });
  const chapterAdmin = await users.create({ roleId: '4', chapterId: own.id });
  await signIn(page, chapterAdmin, '/auth/admin');
  await page.goto('/admin/chapter');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: `Own Chapter ${suffix} (O${suffix})` })).toBeVisible();

  await page.getByLabel('E-mail', { exact: true }).fill('own.chapter@example.test');
  await page.getByRole('button', { name: 'Save chapter' }).click();
  await expect(page.getByText('Chapter saved.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Ira Bose');
  await page.getByLabel('Position').fill('Secretary');
  await page.getByLabel('Term from').fill('2025-04-01');
  await page.getByRole('button', { name: 'Add office bearer' }).click();
  await expect(page.getByText('Office bearer added.')).toBeVisible();
  const row = page.getByRole('row', { name: /Ira Bose/ });
  await expect(row).toContainText('(current)');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await row.getByRole('button', { name: 'End the term of Ira Bose' }).click();
  await expect(page.getByText("Ira Bose's term ended.")).toBeVisible();
  await expect(page.getByRole('row', { name: /Ira Bose/ })).toContainText(/to \d{4}-\d{2}-\d{2}/);

  await page.goto(`/admin/chapter?id=${other.id}`);
  await waitForIslands(page);
  await expect(page.getByRole('alert')).toHaveText('No such chapter, or it is not yours to open.');
  await expect(page.getByText(`Other Chapter ${suffix}`)).toHaveCount(0);
});

test('the public chapter directory lists active chapters with their contacts, from the footer', async ({ page }) => {
  const db = await e2eDb();
  const suffix = Date.now().toString(36).toUpperCase().slice(-5);
  await createChapter(db, { code: `D${suffix}`, name: `Directory Chapter ${suffix}`, region: 'South' });
  const closed = await createChapter(db, { code: `Z${suffix}`, name: `Closed Chapter ${suffix}` });
  await db
    .updateTable('chapters')
    .set({ active: 0, contact_email: 'x@example.test' })
    .where('id', '=', closed.id)
    .execute();
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Chapters' }).click();
  await expect(page).toHaveURL('/chapters');
  await expect(page.getByRole('heading', { name: `Directory Chapter ${suffix}` })).toBeVisible();
  await expect(page.getByText(`Closed Chapter ${suffix}`)).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('the super admin creates a chapter, sees the rules beside the fields, then renames and deactivates it', async ({
  page,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  const suffix = Date.now().toString(36).toUpperCase().slice(-5);
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/chapter');
  await waitForIslands(page);

  await page.locator('#new-chapter-name').fill(`New Chapter ${suffix}`);
  await page.locator('#new-chapter-region').selectOption('South');
  await page.locator('#new-chapter-city').fill('Madurai');
  // Straight from a wrong code to the button: the one click sends the form and shows every message.
  await page.locator('#new-chapter-code').fill('9bad');
  await page.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.locator('#new-chapter-code-error')).toHaveText(
    'Use 2 to 10 letters or digits, starting with a letter.',
  );
  await expect(page.locator('#new-chapter-state-error')).toHaveText('Enter the state.');

  await page.locator('#new-chapter-code').fill(`n${suffix}`);
  await page.locator('#new-chapter-state').fill('Tamil Nadu');
  await page.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.getByText(`Chapter N${suffix} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `New Chapter ${suffix} (N${suffix})` })).toBeVisible();
  await expect(page.locator('#new-chapter-code')).toHaveValue('');

  // The same code again is the server's refusal, shown with the form.
  await page.locator('#new-chapter-code').fill(`N${suffix}`);
  await page.locator('#new-chapter-name').fill('Twin');
  await page.locator('#new-chapter-city').fill('Salem');
  await page.locator('#new-chapter-state').fill('Tamil Nadu');
  await page.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.locator('#new-chapter-code-error')).toHaveText('This code is taken.');
  await expect(page.getByRole('alert').filter({ hasText: 'codes are never reused' })).toBeVisible();

  await page.locator('#chapter-name').fill(`Renamed Chapter ${suffix}`);
  await page.locator('#chapter-email').fill('not-an-address');
  await page.getByRole('button', { name: 'Save chapter' }).click();
  await expect(page.locator('#chapter-email-error')).toHaveText('Enter an e-mail address.');
  await page.locator('#chapter-email').fill('');
  await page.locator('#chapter-active').selectOption('false');
  await page.getByRole('button', { name: 'Save chapter' }).click();
  await expect(page.getByText('Chapter saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Renamed Chapter ${suffix} (N${suffix})` })).toBeVisible();
  await expect(page.getByText(/· Deactivated$/)).toBeVisible();
});
