import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { nowIso } from '../../src/server/platform/db';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';
import type { Envelope } from '../support/refunds';

/**
 * What a statement's credits are matched to, line by line as staff see them: a reference of six
 * characters or more named in the narration or the reference column, and the same amount, of a
 * payment still reported; several such payments are shown as candidates; two credits differing
 * only by date or bank reference are two credits; the same statement again is seen, matching
 * nothing; and the upload is in the audit trail.
 */

registerTestPurpose();

const HEADER = 'Txn Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance';
const NOW = new Date('2026-11-25T06:00:00Z');

interface Summary {
  id: number;
  lines: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  seen: number;
}
interface Line {
  id: number;
  lineNumber: number;
  valueDate: string | null;
  narration: string;
  bankReference: string | null;
  credit: number;
  status: string;
  paymentId: number | null;
  candidates: { id: number; reference: string | null; payerName: string; amount: number }[];
}
interface StatementView {
  id: number;
  fileName: string;
  uploadedAt: string;
  lines: Line[];
}

describeEachDatabase('Bank statements: what each credit is matched to', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    admin = await createUser(database.db, { roleId: ROLE.admin });
  });
  afterAll(async () => {
    // The receipts confirmed matches send are written after the answer: let them finish first.
    await api?.settle();
    await database?.drop();
  });

  const upload = async (text: string, name: string) => {
    const form = new FormData();
    form.set('file', new File([text], name));
    const response = await api.app.request('/api/admin/payments/statements', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as Envelope<Summary>).data;
  };
  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await api.request(method, url, { token: admin.token, body });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  const view = async (id: number) =>
    (await call<StatementView>('GET', `/api/admin/payments/statements/${id}`)).body.data;
  const report = (mode: 'cheque' | 'cash' | 'upi', reference: string, amount: number, payerName = 'Asha Rao') =>
    reportTestPayment(database.db, { mode, reference, amount, payerName }, NOW);

  it('matches by reference and amount, shows every candidate, and keeps credits apart by date and bank reference', async () => {
    const cheque = await report('cheque', '004512', 121_200);
    await report('cash', 'R-1234', 131_300);
    const [first, second] = [nextUtr(), nextUtr()];
    const one = await report('upi', first, 141_400, 'Meera Sen');
    const two = await report('upi', second, 141_400, 'Ravi Kumar');
    const inColumn = nextUtr();
    const byColumn = await report('upi', inColumn, 151_500);
    const offByAPaisa = nextUtr();
    await report('upi', offByAPaisa, 161_600);
    const decided = nextUtr();
    const verified = await report('upi', decided, 171_700);
    expect((await call('POST', `/api/admin/payments/${verified.id}/verify`, {})).status).toBe(200);

    const text = [
      HEADER,
      '20/11/2026,CHQ DEP 004512 CLG,,,"1,212.00",1.00',
      '20/11/2026,CASH DEP R1234,,,"1,313.00",1.00',
      `21/11/2026,NEFT ${first} ${second} BULK,,,"1,414.00",1.00`,
      `21/11/2026,NEFT CR,${inColumn},,"1,515.00",1.00`,
      `22/11/2026,UPI/${offByAPaisa}/X,,,"1,616.01",1.00`,
      `22/11/2026,UPI/${decided}/X,,,"1,717.00",1.00`,
      '23/11/2026,NEFT CR SALARY,,,"500.00",1.00',
      '24/11/2026,NEFT CR SALARY,,,"500.00",1.00',
      '24/11/2026,NEFT CR SALARY,UTIB0000001,,"500.00",1.00',
      '24/11/2026,NEFT CR SALARY,UTIB0000002,,"500.00",1.00',
      // Where the narration ends and the reference begins tells these two apart.
      '24/11/2026,NEFT CR SALARYUTIB0000003,,,"500.00",1.00',
      '24/11/2026,NEFT CR SALARY,UTIB0000003,,"500.00",1.00',
    ].join('\n');
    const summary = await upload(text, 'november.csv');
    expect(summary).toEqual({ id: summary.id, lines: 12, matched: 2, ambiguous: 1, unmatched: 9, seen: 0 });

    const statement = await view(summary.id);
    expect(statement.fileName).toBe('november.csv');
    expect(statement.uploadedAt).toBe(nowIso(NOW));
    expect(statement.lines.map((l) => [l.lineNumber, l.status, l.paymentId])).toEqual([
      [2, 'proposed', cheque.id],
      [3, 'unmatched', null],
      [4, 'ambiguous', null],
      [5, 'proposed', byColumn.id],
      [6, 'unmatched', null],
      [7, 'unmatched', null],
      [8, 'unmatched', null],
      [9, 'unmatched', null],
      [10, 'unmatched', null],
      [11, 'unmatched', null],
      [12, 'unmatched', null],
      [13, 'unmatched', null],
    ]);
    expect([...statement.lines[2].candidates].sort((a, b) => a.id - b.id)).toEqual([
      { id: one.id, reference: first, payerName: 'Meera Sen', amount: 141_400 },
      { id: two.id, reference: second, payerName: 'Ravi Kumar', amount: 141_400 },
    ]);
    expect(statement.lines[0].candidates).toEqual([
      { id: cheque.id, reference: '004512', payerName: 'Asha Rao', amount: 121_200 },
    ]);
    expect(statement.lines[1].candidates).toEqual([]);
    expect(statement.lines[3]).toMatchObject({ valueDate: '2026-11-21', bankReference: inColumn, credit: 151_500 });

    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'statement.uploaded')
      .execute();
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail!) }))).toEqual([
      {
        actor_user_id: admin.id,
        entity: 'bank_statement',
        entity_id: String(summary.id),
        detail: { ...summary, fileName: 'november.csv' },
      },
    ]);

    // The same credits again, in a later export: each is seen, and matches nothing a second time.
    const again = await upload(text, 'november-again.csv');
    expect(again).toEqual({ id: again.id, lines: 12, matched: 0, ambiguous: 0, unmatched: 0, seen: 12 });
    const seen = await view(again.id);
    expect(seen.lines.every((l) => l.status === 'seen' && l.paymentId === null && l.candidates.length === 0)).toBe(
      true,
    );
    const none = await call<{ confirmed: unknown[] }>('POST', `/api/admin/payments/statements/${again.id}/confirm`, {});
    expect(none.body.data.confirmed).toEqual([]);

    const confirmed = await call<{ confirmed: { paymentId: number }[] }>(
      'POST',
      `/api/admin/payments/statements/${summary.id}/confirm`,
      {},
    );
    expect(confirmed.body.data.confirmed.map((c) => c.paymentId)).toEqual([cheque.id, byColumn.id]);
    const notes = await database.db
      .selectFrom('payments')
      .select(['id', 'state', 'note', 'decided_by'])
      .where('id', 'in', [cheque.id, byColumn.id])
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      {
        id: cheque.id,
        state: 'verified',
        note: 'Matched to the bank statement: CHQ DEP 004512 CLG',
        decided_by: admin.id,
      },
      { id: byColumn.id, state: 'verified', note: 'Matched to the bank statement: NEFT CR', decided_by: admin.id },
    ]);
  });
});
