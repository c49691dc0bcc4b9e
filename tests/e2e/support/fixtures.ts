import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest, type DB } from '../../../src/server/platform/db';
import type { RoleId } from '../../../src/lib/roles';
import { createChapter, createMember, createUser, FIXTURE_PASSWORD } from '../../support/fixtures';
import { registerPaymentPurposes } from '../../../src/server/purposes';

/**
 * Browser-test fixtures: `users.create(...)` writes a real user (and, for members, a member
 * record) into the database of the server under test; `signIn(page, user)` signs in through
 * the real sign-in page.
 */
const E2E_DATABASE = path.resolve('data/e2e/nipm.sqlite');
const E2E_SECRET = 'e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz';

let shared: Promise<DB> | undefined;
export function e2eDb(): Promise<DB> {
  shared ??= (async () => {
    const db = createDatabase({ url: `sqlite:${E2E_DATABASE}` });
    await migrateToLatest(db as Kysely<unknown>);
    // Specs verify payments through money directly, outside any API app that would register the purposes.
    registerPaymentPurposes();
    return db;
  })();
  return shared;
}

export interface E2EUser {
  id: number;
  email: string;
  password: string;
  name: string;
  roleId: RoleId;
  memberId: number | null;
  chapterId: number | null;
}

export interface UserFactory {
  create(options: { roleId: RoleId; name?: string; chapterId?: number; notifyByEmail?: boolean }): Promise<E2EUser>;
}

export async function signIn(page: Page, user: E2EUser, loginPath = '/auth/login'): Promise<void> {
  await page.goto(loginPath);
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//, { timeout: 15_000 });
}

export const test = base.extend<{ users: UserFactory }>({
  users: async ({}, use) => {
    const db = await e2eDb();
    await use({
      async create({ roleId, name, chapterId, notifyByEmail }) {
        const chapter = chapterId ? { id: chapterId } : await createChapter(db);
        const needsChapter = roleId === '1' || roleId === '4';
        const member = roleId === '1' ? await createMember(db, chapter.id, { firstName: name?.split(' ')[0] }) : null;
        const user = await createUser(db, {
          roleId,
          name: name ?? `E2E ${roleId} ${Date.now().toString(36)}`,
          memberId: member?.id ?? null,
          chapterId: needsChapter ? chapter.id : null,
          secret: E2E_SECRET,
        });
        if (notifyByEmail)
          await db.updateTable('users').set({ notify_by_email: 1 }).where('id', '=', user.id).execute();
        const row = await db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
        return {
          id: user.id,
          email: user.email,
          password: FIXTURE_PASSWORD,
          name: row.name,
          roleId,
          memberId: user.memberId,
          chapterId: needsChapter ? chapter.id : null,
        };
      },
    });
  },
});

export { expect };

/** Waits until every island on the page has hydrated, so that clicks reach React. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
