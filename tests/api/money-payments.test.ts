import { afterAll, beforeAll, expect, it } from 'vitest';
import { DomainError } from '../../src/server/domains/errors';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { receiptPdf, verifyPayment } from '../../src/server/domains/money';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { TEST_PURPOSE, nextUtr, pdfText, registerTestPurpose, reportTestPayment } from '../support/money';

interface Payment {
  id: number;
  state: string;
  receiptNumber: string | null;
  subjectLabel: string | null;
  payerName: string;
}

async function json<T>(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}

const purpose = registerTestPurpose();
const asCaller = (user: CreatedUser): AuthUser => ({
  id: user.id,
  email: user.email,
  name: 'Staff',
  image: null,
  roleId: user.roleId,
  memberId: user.memberId,
  chapterId: user.chapterId,
});

describeEachDatabase('Payments and receipts', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let admin: CreatedUser;
  let contentAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let otherChapterAdmin: CreatedUser;
  let member: CreatedUser;
  let otherMember: CreatedUser;
  let chapterId: number;

  const decide = (id: number, action: 'verify' | 'reject', token = superAdmin.token, note = 'Checked') =>
    api.request('POST', `/api/admin/payments/${id}/${action}`, { token, body: { note } });
  const fieldsOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { kind: (error as DomainError).kind, fields: (error as DomainError).fields ?? {} };
  };

  beforeAll(async () => {
    // Payment ids start again in each database: forget what the other database's run recorded.
    purpose.verified.length = 0;
    purpose.rejected.length = 0;
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    const chapter = await createChapter(db);
    const otherChapter = await createChapter(db);
    chapterId = chapter.id;
    const record = await createMember(db, chapter.id);
    const otherRecord = await createMember(db, chapter.id);
    superAdmin = await createUser(db, { roleId: '2' });
    admin = await createUser(db, { roleId: '5' });
    contentAdmin = await createUser(db, { roleId: '3' });
    chapterAdmin = await createUser(db, { roleId: '4', chapterId: chapter.id });
    otherChapterAdmin = await createUser(db, { roleId: '4', chapterId: otherChapter.id });
    member = await createUser(db, { roleId: '1', memberId: record.id });
    otherMember = await createUser(db, { roleId: '1', memberId: otherRecord.id });
  });
  afterAll(() => database.drop());

  it('gives 50 simultaneous verifications 50 distinct, consecutive receipt numbers', async () => {
    const payments = await Promise.all(
      Array.from({ length: 50 }, (_, i) => reportTestPayment(database.db, { subjectId: 500 + i })),
    );
    const year = financialYearLabel(financialYearStart(kolkataDate(api.deps.now())));
    const before = await database.db
      .selectFrom('receipt_sequences')
      .select('last_number')
      .where('financial_year', '=', year)
      .executeTakeFirst();
    const start = before?.last_number ?? 0;
    const answers = await Promise.all(
      payments.map((p) => decide(p.id, 'verify', p.id % 2 ? superAdmin.token : admin.token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const numbers = (await Promise.all(answers.map((a) => json<Payment>(a)))).map((a) => a.data.receiptNumber);
    const expected = Array.from(
      { length: 50 },
      (_, i) => `NIPM/RCPT/${year}/${String(start + i + 1).padStart(6, '0')}`,
    );
    expect([...numbers].sort()).toEqual(expected);
    const stored = await database.db
      .selectFrom('payments')
      .select('receipt_number')
      .where(
        'id',
        'in',
        payments.map((p) => p.id),
      )
      .execute();
    expect(stored.map((r) => r.receipt_number).sort()).toEqual(expected);
  });

  it('decides a payment once when 20 staff verify and reject it at the same moment', async () => {
    const payment = await reportTestPayment(database.db, { subjectId: 600 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(payment.id, i % 2 ? 'verify' : 'reject', i % 3 ? admin.token : superAdmin.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const row = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    const handled = [...purpose.verified, ...purpose.rejected].filter((id) => id === payment.id);
    expect(handled).toHaveLength(1);
    expect(row.state === 'verified').toBe(row.receipt_number !== null);
    const again = await decide(payment.id, 'reject');
    expect(again.status).toBe(409);
    expect((await json(again)).error?.message).toBe(`This payment was already ${row.state}.`);
  });

  it('rolls a verification back whole when the purpose refuses it, and gives its number to the next', async () => {
    const refused = await reportTestPayment(database.db, { subjectId: 700 });
    const next = await reportTestPayment(database.db, { subjectId: 701 });
    purpose.failOn.add(700);
    const year = financialYearLabel(financialYearStart(kolkataDate(new Date())));
    const before =
      (
        await database.db
          .selectFrom('receipt_sequences')
          .select('last_number')
          .where('financial_year', '=', year)
          .executeTakeFirst()
      )?.last_number ?? 0;
    await expect(verifyPayment(database.db, asCaller(superAdmin), refused.id)).rejects.toThrow('order 700 refused');
    const row = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', refused.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'reported', receipt_number: null, decided_by: null });
    const verified = await verifyPayment(database.db, asCaller(superAdmin), next.id);
    expect(verified.receiptNumber).toBe(`NIPM/RCPT/${year}/${String(before + 1).padStart(6, '0')}`);
  });

  it('numbers receipts by the financial year of the verification day in Kolkata', async () => {
    const late = await reportTestPayment(database.db, { subjectId: 800 }, new Date('2031-03-31T12:00:00Z'));
    // 19:00 UTC on 31 March is 00:30 on 1 April in Kolkata: the new financial year's first receipt.
    const verified = await verifyPayment(database.db, asCaller(admin), late.id, null, new Date('2031-03-31T19:00:00Z'));
    expect(verified.receiptNumber).toBe('NIPM/RCPT/2031-32/000001');
    const earlier = await reportTestPayment(database.db, { subjectId: 801 }, new Date('2031-03-31T12:00:00Z'));
    const before = await verifyPayment(
      database.db,
      asCaller(admin),
      earlier.id,
      null,
      new Date('2031-03-31T18:00:00Z'),
    );
    expect(before.receiptNumber).toBe('NIPM/RCPT/2030-31/000001');
  });

  it('checks the reference per mode, the date and the amount, and refuses a reference reported twice', async () => {
    const cases: [string, string][] = [
      ['upi', '12345'],
      ['bank_transfer', 'HDFC1'],
      ['demand_draft', '12345'],
      ['cheque', 'ABCDEF'],
    ];
    for (const [mode, reference] of cases) {
      const refused = await fieldsOf(reportTestPayment(database.db, { mode: mode as 'upi', reference }));
      expect(refused.kind, mode).toBe('invalid');
      expect(Object.keys(refused.fields), mode).toEqual(['reference']);
    }
    const accepted = await Promise.all([
      reportTestPayment(database.db, { mode: 'upi', reference: 'T2409011234567890123456' }),
      reportTestPayment(database.db, { mode: 'bank_transfer', reference: 'sbinn52026100112' }),
      reportTestPayment(database.db, { mode: 'demand_draft', reference: '004512' }),
      reportTestPayment(database.db, { mode: 'cheque', reference: '123456' }),
      reportTestPayment(database.db, { mode: 'cash', reference: null }),
    ]);
    expect(accepted.map((p) => p.reference)).toEqual([
      'T2409011234567890123456',
      'SBINN52026100112',
      '004512',
      '123456',
      null,
    ]);
    const future = await fieldsOf(reportTestPayment(database.db, { paidOn: '2999-01-01', amount: 0 }));
    expect(Object.keys(future.fields).sort()).toEqual(['amount', 'paidOn']);
    const twice = await fieldsOf(reportTestPayment(database.db, { mode: 'cheque', reference: '123456' }));
    expect(twice).toMatchObject({
      kind: 'conflict',
      fields: { reference: expect.stringMatching(/already been reported/) },
    });
    const utr = nextUtr();
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, () => reportTestPayment(database.db, { reference: utr })),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('prints the receipt: institute, payer, lines, total in figures and Indian words, mode and reference', async () => {
    const payment = await reportTestPayment(database.db, {
      subjectId: member.memberId ?? 0,
      chapterId,
      payerName: 'Meera Iyer',
      amount: 9_000_50,
      reference: '412345678901',
    });
    const verified = await json<Payment>(await decide(payment.id, 'verify'));
    const text = await pdfText(await receiptPdf(database.db, payment.id));
    expect(text).toContain('National Institute of Personnel Management');
    expect(text).toContain('GSTIN: 19AAATN0000A1Z5');
    expect(text).toContain(`Receipt number: ${verified.data.receiptNumber}`);
    expect(text).toContain('Received from: Meera Iyer');
    expect(text).toContain(`Towards: test_order (ORDER-${member.memberId})`);
    expect(text).toContain('Delegate fee');
    expect(text).toContain('Rs 9,100.50');
    expect(text).toContain('- Rs 100.00');
    expect(text).toContain('Rs 9,000.50');
    expect(text).toContain('Amount in words: Rupees Nine Thousand and Fifty Paise Only');
    expect(text).toContain('Mode of payment: UPI');
    expect(text).toContain('Reference: 412345678901');

    // A later change of address does not change a receipt already given.
    const patch = await api.request('PATCH', '/api/admin/settings/payments', {
      token: superAdmin.token,
      body: { institute: { name: 'NIPM', address: 'New address, Kolkata 700001', gstin: '19AAATN1234F1Z5' } },
    });
    expect(patch.status).toBe(200);
    expect(await pdfText(await receiptPdf(database.db, payment.id))).toContain('GSTIN: 19AAATN0000A1Z5');

    const url = `/api/payments/${payment.id}/receipt.pdf`;
    const pdf = await api.request('GET', url, { token: member.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('attachment; filename="receipt-NIPM-RCPT-');
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('Received from: Meera Iyer');
    const statuses: [string, number][] = [];
    for (const [label, options] of [
      ['super admin', { token: superAdmin.token }],
      ['admin', { token: admin.token }],
      ['chapter admin of the chapter', { token: chapterAdmin.token }],
      ['another chapter admin', { token: otherChapterAdmin.token }],
      ['content admin', { token: contentAdmin.token }],
      ['another member', { token: otherMember.token }],
      ['anonymous', {}],
    ] as const) {
      statuses.push([label, (await api.request('GET', url, options)).status]);
    }
    expect(statuses).toEqual([
      ['super admin', 200],
      ['admin', 200],
      ['chapter admin of the chapter', 200],
      ['another chapter admin', 404],
      ['content admin', 404],
      ['another member', 404],
      ['anonymous', 401],
    ]);
    expect((await api.request('GET', `${url}?token=token-${member.memberId}`)).status).toBe(200);
    expect((await api.request('GET', `${url}?token=token-999`)).status).toBe(404);
    const unverified = await reportTestPayment(database.db, { subjectId: 900 });
    expect((await api.request('GET', `/api/payments/${unverified.id}/receipt.pdf?token=token-900`)).status).toBe(404);
  });

  it('lists payments for staff with filters and CSV; a chapter admin sees its chapter’s only', async () => {
    await reportTestPayment(database.db, {
      subjectId: 950,
      chapterId,
      payerName: 'Chapter Payer',
      mode: 'cheque',
      reference: '654321',
    });
    const all = await json<{ items: Payment[]; total: number }>(
      await api.request('GET', '/api/admin/payments?pageSize=100', { token: admin.token }),
    );
    const mine = await json<{ items: (Payment & { chapterId: number })[]; total: number }>(
      await api.request('GET', '/api/admin/payments?pageSize=100', { token: chapterAdmin.token }),
    );
    expect(mine.data.total).toBeLessThan(all.data.total);
    expect(mine.data.items.length).toBeGreaterThan(0);
    expect(mine.data.items.every((p) => p.chapterId === chapterId)).toBe(true);
    const other = await json<{ total: number }>(
      await api.request('GET', '/api/admin/payments', { token: otherChapterAdmin.token }),
    );
    expect(other.data.total).toBe(0);

    const found = await json<{ items: Payment[] }>(
      await api.request('GET', '/api/admin/payments?q=chapter%20payer&mode=cheque&state=reported', {
        token: superAdmin.token,
      }),
    );
    expect(found.data.items.map((p) => [p.payerName, p.subjectLabel])).toEqual([['Chapter Payer', 'ORDER-950']]);
    // Chapter and paid-on days narrow the list, as an accountant reconciling a statement needs.
    await reportTestPayment(database.db, { subjectId: 951, chapterId, payerName: 'Dated Payer', paidOn: '2026-01-15' });
    const dated = await json<{ items: Payment[] }>(
      await api.request('GET', `/api/admin/payments?chapterId=${chapterId}&from=2026-01-15&to=2026-01-15`, {
        token: superAdmin.token,
      }),
    );
    expect(dated.data.items.map((p) => p.payerName)).toEqual(['Dated Payer']);
    const badDates = await api.request('GET', '/api/admin/payments?from=15-01-2026&chapterId=x', {
      token: superAdmin.token,
    });
    expect(Object.keys((await json(badDates)).error?.fields ?? {}).sort()).toEqual(['chapterId', 'from']);
    const byAmount = await json<{ items: { amount: number }[] }>(
      await api.request('GET', '/api/admin/payments?sort=-amount&pageSize=5', { token: superAdmin.token }),
    );
    const amounts = byAmount.data.items.map((p) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bad = await api.request('GET', '/api/admin/payments?state=paid&purpose=x', { token: superAdmin.token });
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual(['purpose', 'state']);

    const csv = await api.request('GET', '/api/admin/payments/export.csv?mode=cheque', { token: chapterAdmin.token });
    expect(csv.status).toBe(200);
    const [header, ...rows] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Id,Purpose,For,Payer,E-mail,Mode,Reference,Amount (Rs),Paid on,State,Reported at,Decided at,Note,Receipt number',
    );
    expect(rows.some((r) => r.includes('Chapter Payer') && r.includes(',Cheque,654321,9000.50,'))).toBe(true);
  });

  it('opens each staff route to its roles only, and to no missing, expired or forged token', async () => {
    const payment = await reportTestPayment(database.db, { subjectId: 990 });
    const everyone = [member, superAdmin, contentAdmin, chapterAdmin, admin];
    const routes: [string, string, string[], unknown?][] = [
      ['GET', '/api/admin/payments', ['2', '4', '5']],
      ['GET', '/api/admin/payments/export.csv', ['2', '4', '5']],
      ['POST', `/api/admin/payments/${payment.id}/reject`, ['2', '5'], { note: 'No such credit' }],
    ];
    const forged = await signApiToken(
      { userId: superAdmin.id, tokenVersion: 0 },
      'another-secret-0123456789abcdef',
      3600,
    );
    const expiredApi = createTestApi(database.db);
    expiredApi.clock.advance(9 * 3600 * 1000);
    for (const [method, url, roles, body] of routes) {
      expect((await api.request(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await api.request(method, url, { token: forged, body })).status, `${method} ${url} forged`).toBe(401);
      const expired = await expiredApi.request(method, url, { token: superAdmin.token, body });
      expect((await json(expired)).error?.code, `${method} ${url} expired`).toBe('token_expired');
      for (const user of everyone.filter((u) => !roles.includes(u.roleId))) {
        expect(
          (await api.request(method, url, { token: user.token, body })).status,
          `${method} ${url} ${user.roleId}`,
        ).toBe(403);
      }
    }
    for (const user of [member, contentAdmin, chapterAdmin]) {
      expect((await decide(payment.id, 'verify', user.token)).status).toBe(403);
    }
    expect((await decide(payment.id, 'reject', admin.token, 'No such credit')).status).toBe(200);
    expect((await decide(payment.id, 'verify', superAdmin.token)).status).toBe(409);
    expect((await decide(999_999, 'verify', superAdmin.token)).status).toBe(404);
    expect((await api.request('GET', '/api/payment-options', { token: forged })).status).toBe(200);
    const row = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'rejected',
      note: 'No such credit',
      decided_by: admin.id,
      receipt_number: null,
    });
    expect(purpose.rejected).toContain(payment.id);
    const rejectAudit = await database.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'payment.rejected')
      .where('entity_id', '=', String(payment.id))
      .execute();
    expect(rejectAudit).toEqual([{ actor_user_id: admin.id }]);
    expect(TEST_PURPOSE).toBe('test_order');
  });
});
