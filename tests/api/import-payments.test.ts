import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImportJob, startCommit } from '../../src/server/domains/import/commit';
import { checkImport, loadImport, uploadImport } from '../../src/server/domains/import/imports';
import { createDiskStore } from '../../src/server/platform/storage';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser } from '../support/fixtures';
import { seedRegister } from '../support/import-file';

const NOW = new Date('2026-11-25T06:00:00Z');

const FILE = [
  'M No,FY,Amount (Rs),Date of Payment,Mode,Cheque No,Receipt No',
  'EX/001,2023-24,"1,500",15/05/2023,Cheque,004512,KOL/2023/118',
  'ex/002,2024-2025,Rs. 1500/-,2024-06-01,NEFT,UTR123,NIPM/RCPT/2024-25/000001',
  'EX/003,2024-25,1500,01-Jun-2024,Cash,,',
  'EX/404,2024-25,1500,01/06/2024,Cash,,KOL/2024/1',
  'EX/004,2024-25,1500,01/06/2024,Cash,,KOL/2023/118',
  'EX/005,2024-25,abc,01/06/2024,Barter,,',
].join('\r\n');

describeEachDatabase('importing payment history', (kind) => {
  let t: TestDatabase;
  const storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-import-')));
  let staffId: number;

  beforeAll(async () => {
    t = await kind.create();
    await seedRegister(t.db);
    staffId = (await createUser(t.db, { roleId: '2' })).id;
  });
  afterAll(async () => t.drop());

  async function importFile(text: string) {
    const bytes = new TextEncoder().encode(text);
    const { id } = await uploadImport(t.db, storage, {
      bytes,
      fileName: 'p.csv',
      kind: 'payments',
      userId: staffId,
      now: NOW,
    });
    const check = await checkImport(t.db, storage, id, { now: NOW });
    await startCommit(t.db, id, NOW);
    await runImportJob(t.db, storage, id, { now: () => NOW });
    return { check, done: await loadImport(t.db, id) };
  }

  it('records verified legacy payments keeping their old receipt numbers, outside the new series', async () => {
    const { check, done } = await importFile(FILE);
    expect(check.summary).toEqual({
      total: 6,
      create: 3,
      update: 0,
      unchanged: 0,
      invalid: 2,
      duplicate: 1,
      conflict: 0,
    });
    expect(check.preview.find((p) => p.kind === 'invalid')?.message).toBe(
      'Membership No: no member has the number EX/404.',
    );
    expect(JSON.parse(done.summary ?? '{}')).toMatchObject({ create: 3, invalid: 2, duplicate: 1 });
    const payments = await t.db
      .selectFrom('payments')
      .innerJoin('members', 'members.id', 'payments.subject_id')
      .select([
        'members.member_number',
        'payments.amount',
        'payments.state',
        'payments.mode',
        'payments.receipt_number',
        'payments.legacy_receipt_number',
        'payments.note',
      ])
      .orderBy('members.member_number')
      .execute();
    expect(payments).toEqual([
      { member_number: 'EX/001', amount: 150000, state: 'verified', mode: 'cheque', receipt_number: null, legacy_receipt_number: 'KOL/2023/118', note: 'Paid for 2023-24; recorded from the old books.' },
      { member_number: 'EX/002', amount: 150000, state: 'verified', mode: 'bank_transfer', receipt_number: null, legacy_receipt_number: 'NIPM/RCPT/2024-25/000001', note: 'Paid for 2024-25; recorded from the old books.' },
      { member_number: 'EX/003', amount: 150000, state: 'verified', mode: 'cash', receipt_number: null, legacy_receipt_number: null, note: 'Paid for 2024-25; recorded from the old books.' },
    ]); // prettier-ignore
  });

  it('changes nothing when the same file comes again, and refuses an old receipt used for another payment', async () => {
    const { check } = await importFile(FILE);
    expect(check.summary).toMatchObject({ create: 0, unchanged: 3, invalid: 2, duplicate: 1 });
    const { check: clash } = await importFile(
      ['M No,FY,Amount,Paid On,Mode,Receipt No', 'EX/009,2024-25,2000,01/07/2024,Cash,KOL/2023/118'].join('\n'),
    );
    expect(clash.summary).toMatchObject({ conflict: 1, create: 0 });
    expect(clash.preview[0].message).toBe('Old receipt KOL/2023/118 is already recorded for another payment.');
  });
});
