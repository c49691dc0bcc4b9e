import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { SAMPLE_FEES, seedFees } from './joining-support';
import { memberWith } from './members-support';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';

/** Today's financial year: the tests run on the real date (tokens are signed now). */
const CURRENT = financialYearStart(kolkataDate(new Date()));
const TODAY = kolkataDate(new Date());
const SUBSCRIPTION = SAMPLE_FEES.associate.subscription;

describeEachDatabase('Renewing a membership: quote, report, verification, receipt', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let west: { id: number };
  let current: { id: number };
  let lapsed: { id: number };
  let currentUser: CreatedUser;
  let lapsedUser: CreatedUser;
  let superAdmin: CreatedUser;

  const call = async (method: string, url: string, user: CreatedUser | undefined, body?: unknown) => {
    const response = await api.request(method, url, { token: user?.token, body });
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, type, body: type.includes('json') ? await response.json() : null };
  };
  let referenceSeed = 100000000000;
  const utr = () => String(++referenceSeed);

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    for (let year = CURRENT - 4; year <= CURRENT; year++) await seedFees(database.db, year);
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' });
    west = await createChapter(database.db, { region: 'West', name: 'Mumbai Chapter' });
    current = await memberWith(database.db, east.id, { firstName: 'Asha', paid: CURRENT });
    lapsed = await memberWith(database.db, east.id, {
      firstName: 'Bimal',
      paid: CURRENT - 3,
      admittedOn: `${CURRENT - 6}-05-01`,
    });
    currentUser = await createUser(database.db, { roleId: '1', memberId: current.id });
    lapsedUser = await createUser(database.db, { roleId: '1', memberId: lapsed.id });
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(() => database.drop());

  it('offers a current member the next year, and a lapsed member every unpaid year', async () => {
    const next = await call('GET', `/api/members/${current.id}/renewal`, currentUser);
    expect(next.status).toBe(200);
    expect(next.body.data.quote.years.map((y: { year: number }) => y.year)).toEqual([CURRENT + 1]);
    expect(next.body.data.quote.total).toBe(SUBSCRIPTION);
    expect(next.body.data.years[0]).toMatchObject({ year: CURRENT, paid: true });
    const behind = await call('GET', `/api/members/${lapsed.id}/renewal`, lapsedUser);
    expect(behind.body.data.quote.years.map((y: { year: number }) => y.year)).toEqual([
      CURRENT - 2,
      CURRENT - 1,
      CURRENT,
    ]);
    expect(behind.body.data.quote.total).toBe(3 * SUBSCRIPTION);
    expect(behind.body.data.years.filter((y: { paid: boolean }) => !y.paid)).toHaveLength(3);
  });

  it('refuses a wrong amount, cash and a future date, and writes nothing', async () => {
    const wrong = await call('POST', '/api/members/me/renewal', currentUser, {
      mode: 'upi',
      reference: utr(),
      amount: 100,
      paidOn: TODAY,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.amount).toContain('Rs');
    const cash = await call('POST', '/api/members/me/renewal', currentUser, {
      mode: 'cash',
      amount: SUBSCRIPTION,
      paidOn: TODAY,
    });
    expect(cash.status).toBe(400);
    const future = await call('POST', '/api/members/me/renewal', currentUser, {
      mode: 'upi',
      reference: utr(),
      amount: SUBSCRIPTION,
      paidOn: '2099-01-01',
    });
    expect(future.status).toBe(400);
    expect(await database.db.selectFrom('payments').select('id').execute()).toHaveLength(0);
  });

  it('takes one renewal report at a time, even when ten arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/members/me/renewal', lapsedUser, {
          mode: 'upi',
          reference: utr(),
          amount: 3 * SUBSCRIPTION,
          paidOn: TODAY,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const view = await call('GET', `/api/members/${lapsed.id}/renewal`, lapsedUser);
    expect(view.body.data.pending).toMatchObject({ state: 'reported', amount: 3 * SUBSCRIPTION });
    expect(view.body.data.status).not.toBe('active');
  });

  it('restores a lapsed member when staff verify, with a receipt line per year', async () => {
    const pending = (await call('GET', `/api/members/${lapsed.id}/renewal`, lapsedUser)).body.data.pending;
    const verified = await call('POST', `/api/admin/payments/${pending.id}/verify`, superAdmin, {
      note: 'Seen in the bank statement',
    });
    expect(verified.status).toBe(200);
    const view = await call('GET', `/api/members/${lapsed.id}/renewal`, lapsedUser);
    expect(view.body.data).toMatchObject({ status: 'active', paidThroughYear: CURRENT, pending: null });
    const receiptNumber = view.body.data.payments[0].receiptNumber as string;
    expect(receiptNumber).toMatch(/^NIPM\/RCPT\/\d{4}-\d{2}\/\d{6}$/);
    expect(
      view.body.data.years.filter((y: { receiptNumber: string | null }) => y.receiptNumber === receiptNumber),
    ).toHaveLength(3);
    const stored = await database.db
      .selectFrom('payments')
      .select('receipt')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    const labels = JSON.stringify(stored.receipt);
    for (let year = CURRENT - 2; year <= CURRENT; year++) {
      expect(labels).toContain(`Annual subscription ${year}-${String((year + 1) % 100).padStart(2, '0')}`);
    }
    const pdf = await call('GET', `/api/payments/${pending.id}/receipt.pdf`, lapsedUser);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect((await call('GET', `/api/payments/${pending.id}/receipt.pdf`, currentUser)).status).toBeGreaterThanOrEqual(
      403,
    );
  });

  it('pays the next year for a current member: renew for the coming year', async () => {
    const reported = await call('POST', '/api/members/me/renewal', currentUser, {
      mode: 'bank_transfer',
      reference: `SBIN${utr()}`,
      amount: SUBSCRIPTION,
      paidOn: TODAY,
    });
    expect(reported.status).toBe(201);
    expect(reported.body.data.years).toEqual([`${CURRENT + 1}-${String((CURRENT + 2) % 100).padStart(2, '0')}`]);
    await call('POST', `/api/admin/payments/${reported.body.data.id}/verify`, superAdmin, {});
    const member = await database.db
      .selectFrom('members')
      .select('paid_through_year')
      .where('id', '=', current.id)
      .executeTakeFirstOrThrow();
    expect(member.paid_through_year).toBe(CURRENT + 1);
    const after = await call('GET', `/api/members/${current.id}/renewal`, currentUser);
    expect(after.body.data.quote).toBeNull();
  });

  it('keeps the renewal view within scope, and the report to members', async () => {
    const otherChapterAdmin = await createUser(database.db, { roleId: '4', chapterId: west.id });
    const ownChapterAdmin = await createUser(database.db, { roleId: '4', chapterId: east.id });
    expect((await call('GET', `/api/members/${current.id}/renewal`, otherChapterAdmin)).status).toBe(404);
    expect((await call('GET', `/api/members/${current.id}/renewal`, ownChapterAdmin)).status).toBe(200);
    expect((await call('GET', `/api/members/${current.id}/renewal`, lapsedUser)).status).toBe(404);
    expect(
      (await call('GET', `/api/members/${current.id}/renewal`, await createUser(database.db, { roleId: '5' }))).status,
    ).toBe(200);
    expect(
      (await call('GET', `/api/members/${current.id}/renewal`, await createUser(database.db, { roleId: '3' }))).status,
    ).toBe(403);
    expect((await call('GET', `/api/members/${current.id}/renewal`, undefined)).status).toBe(401);
    const body = { mode: 'upi', reference: utr(), amount: SUBSCRIPTION, paidOn: TODAY };
    for (const roleId of ['2', '3', '4', '5'] as const) {
      expect(
        (await call('POST', '/api/members/me/renewal', await createUser(database.db, { roleId }), body)).status,
      ).toBe(403);
    }
    expect((await call('POST', '/api/members/me/renewal', undefined, body)).status).toBe(401);
  });
});
