import ExcelJS from 'exceljs';
import { DAMAGED_WORKBOOK } from '../../src/server/domains/import/read-file';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { invalid } from '../../src/server/domains/errors';
import { registerPaymentPurpose } from '../../src/server/domains/money';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';
import { confirmMatches, statementView, uploadStatement } from '../../src/server/domains/money/statements/statements';
import { authUserOf, refusal, type Envelope } from '../support/refunds';

/**
 * Bank statements staff cannot use, and confirming matches line by line: a file that is too big,
 * unreadable or has no credits is refused with the reason on its `file` field; an unknown
 * statement is not found; confirming the lines named verifies only those; a payment decided
 * meanwhile is skipped with the reason; a verification that breaks stops the confirmation
 * without marking its line.
 */

const purpose = registerTestPurpose();
/** A purpose whose verification always refuses, as one would for an order changed after it was paid. */
const REFUSING = 'statement_refusing_order';
const HEADER = 'Txn Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance';
const FIVE_MB = 5 * 1024 * 1024;

interface Summary {
  id: number;
  lines: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  seen: number;
}
interface StatementView {
  id: number;
  fileName: string;
  lines: { id: number; lineNumber: number; status: string; paymentId: number | null; candidates: unknown[] }[];
}
interface Confirmed {
  confirmed: { lineId: number; paymentId: number; receiptNumber: string | null }[];
  skipped: { lineId: number; reason: string }[];
}

describeEachDatabase('Bank statements: refused files and confirming line by line', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    admin = await createUser(database.db, { roleId: ROLE.admin });
  });
  afterAll(async () => {
    // The receipts confirmed matches send are written after the answer: let them finish first.
    await api?.settle();
    await database?.drop();
  });

  const post = async <T>(path: string, file: Blob, name = 'statement.csv') => {
    const form = new FormData();
    form.set('file', new File([file], name));
    const response = await api.app.request(`/api/admin/payments/statements${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await api.request(method, url, { token: admin.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  const csv = (...lines: string[]) => new Blob([[HEADER, ...lines].join('\n')]);
  const stateOf = async (paymentId: number) =>
    (await database.db.selectFrom('payments').select('state').where('id', '=', paymentId).executeTakeFirstOrThrow())
      .state;

  it('refuses a statement over 5 MB, one it cannot read, and one without credits, each saying why', async () => {
    // Exactly 5 MB is read: about 13,000 rows of 400 bytes (under the 20,000 rows a statement may have), blanks to fill.
    const row = `20/11/2026,ATM CASH ${'X'.repeat(350)},,"1,000.00",,"1,000.00"\n`;
    const body = HEADER + '\n' + row.repeat(Math.floor((FIVE_MB - HEADER.length - 1) / row.length));
    const exact = body + ' '.repeat(FIVE_MB - body.length);
    expect(exact.length).toBe(FIVE_MB);
    const read = await post<{ columns: string[] }>('/preview', new Blob([exact]));
    expect(read.status).toBe(200);
    expect(read.body.data.columns).toContain('Narration');

    const tooBig = await post('/preview', new Blob([exact + 'X']));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error!.fields).toEqual({ file: 'A statement may be at most 5 MB.' });

    const utf16 = new Uint8Array([0xff, 0xfe, 0x54, 0x00, 0x78, 0x00]);
    const unreadable = await post('', new Blob([utf16]));
    expect(unreadable.status).toBe(400);
    const why = 'This text is UTF-16 ("Unicode text"): save the sheet as "CSV UTF-8" and upload that.';
    expect(unreadable.body.error).toMatchObject({ message: why, fields: { file: why } });

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Statement').addRow(HEADER.split(','));
    const whole = new Uint8Array(await workbook.xlsx.writeBuffer());
    const cut = await post('', new Blob([whole.slice(0, Math.floor(whole.length * 0.6))]), 'statement.xlsx');
    expect(cut.status).toBe(400);
    expect(cut.body.error).toMatchObject({ message: DAMAGED_WORKBOOK, fields: { file: DAMAGED_WORKBOOK } });

    const noHeader = await post('', new Blob(['Posted,Remarks,Paid in\n20/11/2026,NEFT CR,500.00']));
    expect(noHeader.status).toBe(400);
    const name = 'No header with a narration and a credit column was found: name the columns.';
    expect(noHeader.body.error).toMatchObject({ message: name, fields: { file: name } });

    const debitsOnly = await post('', csv('20/11/2026,ATM WITHDRAWAL,,"1,000.00",,"11,722.00"'));
    expect(debitsOnly.status).toBe(400);
    expect(debitsOnly.body.error).toMatchObject({
      message: 'The statement has no credits.',
      fields: { file: 'The statement has no credits.' },
    });
    expect(await database.db.selectFrom('bank_statements').select('id').execute()).toEqual([]);

    const missing = await call('GET', '/api/admin/payments/statements/987654');
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe('No such statement.');
  });

  it('a statement that matches nothing shows its lines unmatched, with no candidates', async () => {
    const upload = await post<Summary>('', csv(`21/11/2026,IMPS 999999999999 UNKNOWN PAYER,,,500.00,"12,722.00"`));
    expect(upload.body.data).toMatchObject({ lines: 1, matched: 0, ambiguous: 0, unmatched: 1, seen: 0 });
    const view = await call<StatementView>('GET', `/api/admin/payments/statements/${upload.body.data.id}`);
    expect(view.body.data.lines).toEqual([
      expect.objectContaining({ lineNumber: 2, status: 'unmatched', paymentId: null, candidates: [] }),
    ]);
  });

  it('confirms only the lines named, skips a payment decided meanwhile, and stops at a verification that fails', async () => {
    const refs = [nextUtr(), nextUtr(), nextUtr(), nextUtr()];
    const amounts = [101_100, 102_200, 103_300, 104_400];
    const payments = [];
    for (const [i, reference] of refs.entries())
      payments.push(await reportTestPayment(database.db, { amount: amounts[i], reference, subjectId: 500 + i }));
    const upload = await post<Summary>(
      '',
      csv(
        ...refs.map(
          (ref, i) => `2${i}/11/2026,UPI/${ref}/PAYER ${i},${ref},,"${(amounts[i] / 100).toFixed(2)}","1.00"`,
        ),
      ),
    );
    expect(upload.status).toBe(201);
    expect(upload.body.data).toMatchObject({ lines: 4, matched: 4 });
    const statementId = upload.body.data.id;
    const view = await call<StatementView>('GET', `/api/admin/payments/statements/${statementId}`);
    const lineIds = view.body.data.lines.map((l) => l.id);
    expect(view.body.data.lines.map((l) => l.paymentId)).toEqual(payments.map((p) => p.id));

    const second = await call<Confirmed>('POST', `/api/admin/payments/statements/${statementId}/confirm`, {
      lineIds: [lineIds[1]],
    });
    expect(second.status).toBe(200);
    expect(second.body.data.skipped).toEqual([]);
    expect(second.body.data.confirmed).toEqual([
      { lineId: lineIds[1], paymentId: payments[1].id, receiptNumber: expect.stringMatching(/^NIPM\/RCPT\//) },
    ]);
    expect(await stateOf(payments[0].id)).toBe('reported');

    // Meanwhile the third payment is rejected by hand, and the fourth's order refuses to be verified.
    expect((await call('POST', `/api/admin/payments/${payments[2].id}/reject`, { note: 'Not ours' })).status).toBe(200);
    purpose.failOn.add(503);
    const response = await api.app.request(`/api/admin/payments/statements/${statementId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(500);
    purpose.failOn.delete(503);
    expect(await stateOf(payments[0].id)).toBe('verified');
    expect(await stateOf(payments[3].id)).toBe('reported');
    const after = await call<StatementView>('GET', `/api/admin/payments/statements/${statementId}`);
    expect(after.body.data.lines.map((l) => l.status)).toEqual(['confirmed', 'confirmed', 'proposed', 'proposed']);

    const rest = await call<Confirmed>('POST', `/api/admin/payments/statements/${statementId}/confirm`, {});
    expect(rest.body.data.skipped).toEqual([{ lineId: lineIds[2], reason: 'This payment was already rejected.' }]);
    expect(rest.body.data.confirmed.map((c) => [c.lineId, c.paymentId])).toEqual([[lineIds[3], payments[3].id]]);
    const last = await call<StatementView>('GET', `/api/admin/payments/statements/${statementId}`);
    expect(last.body.data.lines.map((l) => l.status)).toEqual(['confirmed', 'confirmed', 'proposed', 'confirmed']);
    expect(await stateOf(payments[2].id)).toBe('rejected');
  });

  it('keeps the first 200 characters of a file name and 500 of the note a long narration makes', async () => {
    const reference = nextUtr();
    const payment = await reportTestPayment(database.db, { amount: 105_500, reference, subjectId: 600 });
    const narration = `UPI/${reference}/${'LONG PAYER NAME '.repeat(40)}`.trim();
    const fileName = `${'n'.repeat(250)}.csv`;
    const upload = await post<Summary>('', csv(`25/11/2026,${narration},,,"1,055.00","1.00"`), fileName);
    expect(upload.body.data).toMatchObject({ lines: 1, matched: 1 });
    const view = await call<StatementView>('GET', `/api/admin/payments/statements/${upload.body.data.id}`);
    expect(view.body.data.fileName).toBe('n'.repeat(200));
    await call('POST', `/api/admin/payments/statements/${upload.body.data.id}/confirm`, {});
    const row = await database.db
      .selectFrom('payments')
      .select('note')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row.note).toBe(`Matched to the bank statement: ${narration}`.slice(0, 500));
    expect(row.note).toHaveLength(500);
  });

  it('two staff confirming at once verify each payment once, and neither is told of a skip', async () => {
    const refs = [nextUtr(), nextUtr(), nextUtr(), nextUtr(), nextUtr()];
    const payments = [];
    for (const [i, reference] of refs.entries())
      payments.push(await reportTestPayment(database.db, { amount: 110_000 + i * 100, reference, subjectId: 700 + i }));
    const upload = await post<Summary>(
      '',
      csv(...refs.map((ref, i) => `26/11/2026,UPI/${ref}/PAYER,,,"${(1_100 + i).toFixed(2)}","1.00"`)),
    );
    expect(upload.body.data.matched).toBe(5);
    const confirm = () => call<Confirmed>('POST', `/api/admin/payments/statements/${upload.body.data.id}/confirm`, {});
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.flatMap((a) => a.body.data.skipped)).toEqual([]);
    const confirmed = answers.flatMap((a) => a.body.data.confirmed.map((c) => c.paymentId));
    expect(confirmed.sort((a, b) => a - b)).toEqual(payments.map((p) => p.id));
    const receipts = await database.db
      .selectFrom('payments')
      .select(['state', 'receipt_number'])
      .where('id', 'in', confirmed)
      .execute();
    expect(receipts.every((r) => r.state === 'verified' && r.receipt_number)).toBe(true);
  });

  it('only roles 2 and 5 upload, read or confirm a statement, whoever calls the services', async () => {
    const chapterAdmin = authUserOf(await createUser(database.db, { roleId: ROLE.chapterAdmin }));
    const rows = [
      { number: 1, cells: HEADER.split(',') },
      { number: 2, cells: ['20/11/2026', 'NEFT CR', '', '', '100.00', '1.00'] },
    ];
    const before = await database.db.selectFrom('bank_statements').select('id').execute();
    for (const call of [
      () => uploadStatement(database.db, chapterAdmin, { fileName: 'x.csv', rows }, { now: new Date(), ip: null }),
      () => statementView(database.db, chapterAdmin, before[0].id),
      () => confirmMatches(database.db, chapterAdmin, before[0].id, undefined, new Date()),
    ]) {
      const refused = await refusal(call);
      expect([refused.kind, refused.message]).toEqual(['forbidden', 'You do not have permission to do this.']);
    }
    expect(await database.db.selectFrom('bank_statements').select('id').execute()).toEqual(before);
  });

  it('a verification its purpose refuses in so many words stops the confirmation with those words', async () => {
    const words = 'This order was changed after it was paid: check it by hand.';
    registerPaymentPurpose(REFUSING, {
      canView: async () => false,
      onVerified: async () => {
        throw invalid({ order: words }, words);
      },
      onRejected: async () => {},
      receiptLines: async (_trx, payment) => [{ kind: 'item', label: 'Order', amount: payment.amount }],
    });
    const reference = nextUtr();
    const payment = await reportTestPayment(database.db, { purpose: REFUSING, amount: 107_700, reference });
    const upload = await post<Summary>('', csv(`27/11/2026,UPI/${reference}/PAYER,,,"1,077.00","1.00"`));
    expect(upload.body.data.matched).toBe(1);
    const refused = await call('POST', `/api/admin/payments/statements/${upload.body.data.id}/confirm`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ message: words, fields: { order: words } });
    expect(await stateOf(payment.id)).toBe('reported');
    const view = await call<StatementView>('GET', `/api/admin/payments/statements/${upload.body.data.id}`);
    expect(view.body.data.lines.map((l) => l.status)).toEqual(['proposed']);
  });
});
