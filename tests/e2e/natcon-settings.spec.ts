import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import { e2eDb, expect, signIn, test } from './support/fixtures';

/**
 * The NATCON settings screen edits everything of an edition: its details, its delegate categories
 * (fees, early bird, seats, rates) and its award categories, with the server's refusals shown beside
 * the fields and every change in the audit log.
 */
test.setTimeout(120_000);

async function createEdition() {
  const db = await e2eDb();
  const at = nowIso();
  const suffix = Date.now().toString(36);
  const edition = await db
    .insertInto('natcon_editions')
    .values({
      title: `NATCON settings ${suffix}`,
      year: 2089,
      theme: 'Old theme',
      starts_on: '2089-02-10',
      ends_on: '2089-02-12',
      venue: 'Old venue',
      city: 'Kolkata',
      registration_opens_on: '2088-10-01',
      registration_closes_on: '2089-01-31',
      programme: '',
      published: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, name] of ['Delegate', 'Spouse'].entries()) {
    await db
      .insertInto('natcon_categories')
      .values({
        edition_id: edition.id,
        name,
        fee: 1_000_000,
        seats: 50,
        sort_order: index,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  for (const name of ['HR Leader of the Year', 'Best Employer']) {
    await db
      .insertInto('natcon_award_categories')
      .values({ edition_id: edition.id, name, criteria: 'Impact.', nominee_kind: 'person', created_at: at })
      .execute();
  }
  return { id: edition.id, title: `NATCON settings ${suffix}` };
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the super admin edits an edition, its categories and its awards; the server’s refusals show by the fields', async ({
  page,
  users,
}) => {
  const edition = await createEdition();
  const db = await e2eDb();
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/natcon');
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page
    .getByRole('combobox', { name: 'Edition', exact: true })
    .selectOption({ label: `${edition.title} (not published)` });

  const details = page.getByRole('form', { name: `${edition.title}: details` });
  await details.getByLabel('Theme').fill('Work, worker and the workplace');
  await details.getByLabel('Venue').fill('ITC Royal Bengal');
  await details.getByLabel('City').fill('Howrah');
  await details.getByLabel('Registration closes').fill('2089-02-05');
  await details.getByRole('button', { name: 'Save the edition' }).click();
  await expect(page.getByText(`${edition.title} saved.`)).toBeVisible();
  const saved = await db
    .selectFrom('natcon_editions')
    .selectAll()
    .where('id', '=', edition.id)
    .executeTakeFirstOrThrow();
  expect(saved).toMatchObject({
    theme: 'Work, worker and the workplace',
    venue: 'ITC Royal Bengal',
    city: 'Howrah',
    registration_closes_on: '2089-02-05',
  });

  await page.getByRole('button', { name: 'Change Delegate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Delegate' });
  await dialog.getByLabel('Category', { exact: true }).fill('Spouse');
  await dialog.getByLabel('Fee (Rs)', { exact: true }).fill('12000');
  await dialog.getByLabel('Early-bird fee (Rs)', { exact: true }).fill('9500.50');
  await dialog.getByLabel('Early bird until', { exact: true }).fill('2089-01-10');
  await dialog.getByLabel('Seats', { exact: true }).fill('120');
  await dialog.getByRole('button', { name: 'Save the category' }).click();
  // Only the server knows the name is taken: its message appears beside the field.
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveAccessibleDescription(
    'This edition already has a category with this name.',
  );
  await axe(page);
  await dialog.getByLabel('Category', { exact: true }).fill('Corporate delegate');
  await dialog.getByRole('button', { name: 'Save the category' }).click();
  await expect(page.getByText('Corporate delegate saved.')).toBeVisible();
  await expect(page.getByText(/Corporate delegate: Rs 12,000\.00, early bird Rs 9,500\.50/)).toBeVisible();
  const category = await db
    .selectFrom('natcon_categories')
    .selectAll()
    .where('edition_id', '=', edition.id)
    .where('name', '=', 'Corporate delegate')
    .executeTakeFirstOrThrow();
  expect(category).toMatchObject({
    fee: 1_200_000,
    early_bird_fee: 950_050,
    early_bird_until: '2089-01-10',
    seats: 120,
  });

  await page.getByRole('button', { name: 'Change HR Leader of the Year' }).click();
  const award = page.getByRole('dialog', { name: 'Change HR Leader of the Year' });
  await award.getByLabel('Award', { exact: true }).fill('HR Leader of the Decade');
  await award.getByLabel('Who may be nominated').selectOption('either');
  await award.getByLabel('Criteria', { exact: true }).fill('Ten years of measurable impact.');
  await award.getByRole('button', { name: 'Save the award' }).click();
  await expect(page.getByText('HR Leader of the Decade saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Best Employer' }).click();
  await page.getByRole('dialog', { name: 'Remove Best Employer?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Best Employer removed.')).toBeVisible();
  const awards = await db
    .selectFrom('natcon_award_categories')
    .select(['name', 'criteria', 'nominee_kind'])
    .where('edition_id', '=', edition.id)
    .execute();
  expect(awards).toEqual([
    { name: 'HR Leader of the Decade', criteria: 'Ten years of measurable impact.', nominee_kind: 'either' },
  ]);
  await axe(page);

  const audited = await db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_user_id', '=', superAdmin.id)
    .where('action', 'like', 'natcon.%')
    .orderBy('id')
    .execute();
  expect(audited.map((a) => a.action)).toEqual([
    'natcon.edition_updated',
    'natcon.category_updated',
    'natcon.award_updated',
    'natcon.award_deleted',
  ]);
});
