import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember } from '../support/fixtures';
import { freeMemberNumber } from '../../src/server/domains/joining/approval';

/**
 * An imported register keeps its members' numbers, some already in the `NIPM/KOL/00002` form the
 * approvals give: a new member never receives a number an imported member holds.
 */
describeEachDatabase('Joining: member numbers step past the numbers an import kept', (kind) => {
  let database: TestDatabase;
  let chapter: { id: number; code: string };

  beforeAll(async () => {
    database = await kind.create();
    chapter = await createChapter(database.db, { code: 'KOL', name: 'Kolkata Chapter' });
    await createMember(database.db, chapter.id, { memberNumber: 'NIPM/KOL/00002' });
  });
  afterAll(() => database.drop());

  const next = () => database.db.transaction().execute((trx) => freeMemberNumber(trx, chapter.id, chapter.code));

  it('skips a number an imported member holds, then goes on from there', async () => {
    expect(await next()).toBe('NIPM/KOL/00003');
    expect(await next()).toBe('NIPM/KOL/00004');
    await createMember(database.db, chapter.id, { memberNumber: 'NIPM/KOL/00005' });
    expect(await next()).toBe('NIPM/KOL/00006');
  });
});
