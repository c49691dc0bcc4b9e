import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportState } from '../../src/server/platform/db/schema-import';
import { uploadImport } from '../../src/server/domains/import/imports';
import { removeSpentUploads } from '../../src/server/domains/import/spent-uploads';
import { createDiskStore } from '../../src/server/platform/storage';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';
import { newMemberRow, REALISTIC_HEADERS, seedRegister } from '../support/import-file';

const NOW = new Date('2027-03-10T06:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

/**
 * The spreadsheets of the old register are not kept for ever (issue 26): each holds every person in
 * it, and erasing one person cannot edit the file. The daily retention job removes a file once its
 * import can no longer be undone, or after 30 days when nobody committed it.
 */
describeEachDatabase('uploaded import spreadsheets removed once spent', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  const storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-spent-')));
  const ids: Record<string, number> = {};
  const keyOf = async (id: number) =>
    (await t.db.selectFrom('imports').select('file_key').where('id', '=', id).executeTakeFirstOrThrow()).file_key;

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db, { storage });
    await seedRegister(t.db);
    staff = await createUser(t.db, { roleId: '2' });
    // Each import in the state and at the time named, the file uploaded through the real path.
    const imports: [string, ImportState, Record<string, string | null>][] = [
      ['doneLongAgo', 'done', { finished_at: daysAgo(8) }],
      ['doneLately', 'done', { finished_at: daysAgo(6) }],
      ['undoneLongAgo', 'undone', { undone_at: daysAgo(8) }],
      ['checkedAbandoned', 'checked', { updated_at: daysAgo(31) }],
      ['uploadedLately', 'uploaded', { updated_at: daysAgo(10) }],
      ['running', 'running', { updated_at: daysAgo(40), finished_at: null }],
    ];
    for (const [name, state, times] of imports) {
      const csv = stringify([REALISTIC_HEADERS, REALISTIC_HEADERS.map((h) => newMemberRow(1)[h] ?? '')]);
      const { id } = await uploadImport(t.db, storage, {
        bytes: new TextEncoder().encode(csv),
        fileName: `${name}.csv`,
        kind: 'members',
        userId: staff.id,
        now: new Date(daysAgo(45)),
      });
      await t.db
        .updateTable('imports')
        .set({ state, updated_at: daysAgo(45), ...times })
        .where('id', '=', id)
        .execute();
      ids[name] = id;
    }
  });
  afterAll(() => t.drop());

  it('removes each spent file once across two servers, and keeps the others', async () => {
    const keys = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([n, id]) => [n, await keyOf(id)])),
    );
    const runs = await Promise.all([
      removeSpentUploads(t.db, storage, NOW),
      removeSpentUploads(t.another(), storage, NOW),
    ]);
    expect(runs[0] + runs[1]).toBe(3);
    const still = async (name: string) => (await storage.get(keys[name]!)) !== null;
    expect(await still('doneLongAgo')).toBe(false);
    expect(await still('undoneLongAgo')).toBe(false);
    expect(await still('checkedAbandoned')).toBe(false);
    expect(await still('doneLately')).toBe(true);
    expect(await still('uploadedLately')).toBe(true);
    expect(await still('running')).toBe(true);
    expect(await removeSpentUploads(t.db, storage, NOW)).toBe(0);
  });

  it('says why when staff try to check a removed upload again', async () => {
    const answer = await api.request('POST', `/api/admin/imports/${ids.checkedAbandoned}/check`, {
      token: staff.token,
      body: {},
    });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toBe(
      'The uploaded file was removed on 2027-03-10, as the privacy rules ask once an import is over: upload it again.',
    );
  });
});
