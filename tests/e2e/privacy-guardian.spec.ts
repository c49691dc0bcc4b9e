import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { hasConsent, recordConsents, unsubscribeUrl } from '../../src/server/domains/privacy/consents';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { createChapter } from '../support/fixtures';
import { createProposer, ensureFees } from '../api/joining-support';
import { hashToken } from '../../src/server/domains/joining/records';
import { E2E_SECRET, e2eDb, expect, test } from './support/fixtures';
import { runJobByHand } from './support/jobs';

/**
 * An applicant under 18 (issue 26): the form asks for a parent or guardian, the application waits
 * on its page until the guardian consents through the link in the e-mail from the outbox, then it
 * moves on to payment. On the way: a wrong proposer number is refused on the chapter step, the
 * documents step lets the files come later, and the review shows what was entered (issue 28).
 */
const OUTBOX = path.resolve('data/e2e/outbox');
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function island(page: Page) {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

function mailTo(address: string): string | undefined {
  const files = readdirSync(OUTBOX).sort();
  return files.map((f) => readFileSync(path.join(OUTBOX, f), 'utf8')).find((m) => plain(m).includes(`To: ${address}`));
}

let chapter: { id: number };
let proposers: [string, string];

test.beforeAll(async () => {
  const db = await e2eDb();
  const year = financialYearStart(kolkataDate(new Date()));
  await ensureFees(db, year);
  const suffix = Date.now().toString(36).toUpperCase();
  chapter = await createChapter(db, { code: `G${suffix}`.slice(0, 12), name: `Guardian ${suffix}` });
  proposers = [`GP1-${suffix}`, `GP2-${suffix}`];
  await createProposer(db, chapter.id, { memberNumber: proposers[0], paidThrough: year });
  await createProposer(db, chapter.id, { memberNumber: proposers[1], membershipClass: 'life', paidThrough: null });
});

/**
 * A 16-year-old applies on a phone, naming a guardian; on the way a wrong proposer number is refused on
 * the chapter step, the documents step lets the files come later, and the review shows what was
 * entered. Ends on the application's status page, waiting for the guardian.
 */
async function applyAsMinor(page: Page): Promise<{ statusUrl: string; guardianEmail: string }> {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now().toString(36);
  const email = `minor-${stamp}@example.test`;
  const guardianEmail = `guardian-${stamp}@example.test`;
  const today = kolkataDate(new Date());
  const dateOfBirth = `${Number(today.slice(0, 4)) - 16}-01-15`;

  await page.goto('/membership/registration');
  await island(page);
  await page.getByRole('radio', { name: /Associate/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('First name').fill('Anu');
  await page.getByLabel('Last name').fill('Sen');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mobile number').fill('98300 12346');
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await expect(page.getByTestId('guardian-fields')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the name of your parent or guardian.')).toBeVisible();
  await page.getByLabel("Parent's or guardian's name").fill('Ravi Sen');
  await page.getByLabel("Parent's or guardian's e-mail").fill(guardianEmail);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Address').fill('3 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').fill('West Bengal');
  await page.getByLabel('PIN code').fill('700016');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Highest qualification').fill('Class XII');
  await page.getByLabel('Years of experience').fill('0');
  await page.getByRole('button', { name: 'Continue' }).click();

  // A wrong proposer number is found here, before the documents step.
  await page.getByLabel('Chapter').selectOption(String(chapter.id));
  await page.getByLabel("Proposer's member number").fill('NIPM/NONE/99999');
  await page.getByLabel("Seconder's member number").fill(proposers[1]);
  await expect(page.getByText('No member has the number NIPM/NONE/99999. Check it with your proposer.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Chapter and proposers' })).toBeVisible();
  await page.getByLabel("Proposer's member number").fill(proposers[0]);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The documents may come later: the step says so and lets the applicant go on without them.
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByText(/continue without them and upload them later/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The review shows what was entered.
  const summary = page.getByTestId('review-summary');
  await expect(summary).toContainText('Anu Sen');
  await expect(summary).toContainText(email);
  await expect(summary).toContainText(`Ravi Sen (${guardianEmail})`);
  await expect(summary).toContainText(proposers[0]);
  await expect(summary).toContainText('To upload later from your page');
  // A child is not asked for the newsletter.
  await expect(page.getByRole('checkbox', { name: /newsletter/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /I declare/ }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();

  await expect(page).toHaveURL(/\/membership\/status\?token=/, { timeout: 20_000 });
  const statusUrl = page.url();
  await island(page);
  await expect(page.getByTestId('application-state')).toHaveText('Waiting for a parent’s or guardian’s consent');
  await expect(page.getByTestId('next-step')).toContainText('parent or guardian must consent');
  await expect(page.getByRole('button', { name: 'Report payment' })).toHaveCount(0);

  return { statusUrl, guardianEmail };
}

test('an applicant under 18 waits for the guardian’s consent, given through the e-mailed link', async ({ page }) => {
  test.setTimeout(120_000);
  const { statusUrl, guardianEmail } = await applyAsMinor(page);
  let mail: string | undefined;
  await expect.poll(() => (mail = mailTo(guardianEmail)), { timeout: 15_000 }).toBeTruthy();
  const link = /http:\/\/[^\s]+\/membership\/guardian\?token=[A-Za-z0-9_%-]+/.exec(plain(mail!))![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await island(page);
  await expect(page.getByText(/Anu Sen has applied for Associate membership/)).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Give my consent' }).click();
  await expect(page.getByText('Tick the box to give your consent.')).toBeVisible();
  await page.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
  await page.getByRole('button', { name: 'Give my consent' }).click();
  await expect(page.getByTestId('guardian-consent-given')).toBeVisible();

  await page.goto(statusUrl);
  await island(page);
  await expect(page.getByTestId('application-state')).toHaveText('Awaiting payment');
  await expect(page.getByText(/Consent given by the parent or guardian \(Ravi Sen\)/)).toBeVisible();

  // Without an account, the applicant reaches their privacy rights from the same page.
  await page.getByText('Your data and privacy').click();
  await expect(page.getByRole('link', { name: 'Download your data (ZIP)' })).toBeVisible();
  await expect(page.getByText(/Your membership record, payments and invoices/)).toBeVisible();
  await axe(page);
});

test('a guardian who does not answer is reminded after 7 days, and the application is closed after 30', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { statusUrl, guardianEmail } = await applyAsMinor(page);
  const token = new URL(statusUrl).searchParams.get('token')!;
  const db = await e2eDb();
  const application = await db
    .selectFrom('applications')
    .select(['id', 'reference'])
    .where('status_token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  const waitedDays = async (days: number) =>
    db
      .updateTable('guardian_consents')
      .set({ requested_at: new Date(Date.now() - days * 86_400_000).toISOString() })
      .where('application_id', '=', application.id)
      .execute();
  const mailsAbout = (subject: string) =>
    readdirSync(OUTBOX)
      .map((f) => plain(readFileSync(path.join(OUTBOX, f), 'utf8')))
      .filter((m) => m.includes(subject));

  // Day 8: the daily job (run by hand, as an operator would) reminds the guardian once.
  await waitedDays(8);
  await runJobByHand('guardian-waiting', baseURL!);
  await runJobByHand('guardian-waiting', baseURL!);
  const reminder = `Reminder: your consent for Anu Sen's NIPM application ${application.reference}`;
  expect(mailsAbout(reminder).filter((m) => m.includes(`To: ${guardianEmail}`))).toHaveLength(1);
  await page.goto(statusUrl);
  await island(page);
  await expect(page.getByTestId('application-state')).toHaveText('Waiting for a parent’s or guardian’s consent');

  // Day 31: closed, both told, and the guardian's link says so.
  await waitedDays(31);
  await runJobByHand('guardian-waiting', baseURL!);
  expect(mailsAbout(`NIPM membership application ${application.reference}: closed without`)).toHaveLength(1);
  expect(mailsAbout(`NIPM application ${application.reference} closed: no consent needed any more`)).toHaveLength(1);
  await page.goto(statusUrl);
  await island(page);
  await expect(page.getByTestId('application-state')).toHaveText('Withdrawn');
  await expect(page.getByText('Closed: no parent or guardian consented within 30 days.').first()).toBeVisible();
  const link = /http:\/\/[^\s]+\/membership\/guardian\?token=[A-Za-z0-9_%-]+/.exec(mailsAbout(reminder)[0]!)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await island(page);
  await expect(page.getByText(/was closed because no parent or guardian consented within 30 days/)).toBeVisible();
  await axe(page);
});

test('the unsubscribe link of an optional e-mail stops those e-mails with one click, without signing in', async ({
  page,
}) => {
  const db = await e2eDb();
  const email = `reader-${Date.now().toString(36)}@example.test`;
  await recordConsents(db, { email }, ['newsletter'], { now: new Date(), ip: null, method: 'membership_application' });
  const link = unsubscribeUrl(`http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`, E2E_SECRET, email, 'newsletter');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await island(page);
  await expect(page.getByTestId('unsubscribed')).toBeVisible();
  expect(await hasConsent(db, email, 'newsletter')).toBe(false);
  await axe(page);
  // A tampered link withdraws nothing.
  await page.goto(`/privacy/unsubscribe?email=${encodeURIComponent(email)}&purpose=newsletter&token=forged-token-0000`);
  await expect(page.getByText(/This unsubscribe link is not valid/)).toBeVisible();
});
