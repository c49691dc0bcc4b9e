import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { decisionMailsTo } from '../support/online';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { createCoupon, SAMPLE_FEES, seedFees } from './joining-support';
import { memberWith } from './members-support';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { nowIso } from '../../src/server/platform/db';

/** Today's financial year: the tests run on the real date (tokens are signed now). */
const CURRENT = financialYearStart(kolkataDate(new Date()));
const TODAY = kolkataDate(new Date());
const SUBSCRIPTION = SAMPLE_FEES.associate.subscription;
/** 10 % of the Associate subscription, rounded down to the paisa. */
const TEN_PERCENT_OFF = Math.floor(SUBSCRIPTION / 10);

describeEachDatabase('Renewals with coupons, and renewals paid at the office', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let superAdmin: CreatedUser;
  let admin: CreatedUser;

  const call = async (method: string, url: string, user: CreatedUser | undefined, body?: unknown) => {
    const response = await api.request(method, url, { token: user?.token, body });
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') ? await response.json() : null };
  };
  let referenceSeed = 200000000000;
  const utr = () => String(++referenceSeed);
  let memberSeed = 0;
  const newMember = async (values: { paid?: number | null; admittedOn?: string } = {}) => {
    const member = await memberWith(database.db, east.id, {
      firstName: `Renewer${++memberSeed}`,
      paid: values.paid === undefined ? CURRENT : values.paid,
      ...(values.admittedOn ? { admittedOn: values.admittedOn } : {}),
    });
    const user = await createUser(database.db, { roleId: '1', memberId: member.id });
    return { member, user };
  };
  const couponRow = (code: string) =>
    database.db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const paidThrough = async (memberId: number) =>
    (
      await database.db
        .selectFrom('members')
        .select('paid_through_year')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).paid_through_year;
  const paymentCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    for (let year = CURRENT - 4; year <= CURRENT + 1; year++) await seedFees(database.db, year);
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' });
    superAdmin = await createUser(database.db, { roleId: '2' });
    admin = await createUser(database.db, { roleId: '5' });
    await createCoupon(database.db, { code: 'RENEW10', value: 10, maxUses: 50 });
    await createCoupon(database.db, { code: 'NATCONONLY', value: 10, maxUses: 50, scope: 'natcon' });
    await createCoupon(database.db, { code: 'BOTHFLAT', kind: 'flat', value: 50_000, maxUses: 50, scope: 'both' });
    const expired = await createCoupon(database.db, { code: 'OLDRENEW', value: 10, maxUses: 50 });
    await database.db
      .updateTable('coupons')
      .set({ valid_from: '2020-01-01', valid_to: '2020-12-31' })
      .where('id', '=', expired.id)
      .execute();
    const usedUp = await createCoupon(database.db, { code: 'GONE', value: 10, maxUses: 2 });
    await database.db.updateTable('coupons').set({ uses: 2 }).where('id', '=', usedUp.id).execute();
  });
  afterAll(() => database.drop());

  describe('a member renewing with a coupon', () => {
    it('previews the discount on the quote, and says why a coupon does not apply', async () => {
      const { member, user } = await newMember();
      const quoted = await call('GET', `/api/members/${member.id}/renewal?coupon=renew10`, user);
      expect(quoted.status).toBe(200);
      expect(quoted.body.data.quote).toMatchObject({
        subtotal: SUBSCRIPTION,
        discount: TEN_PERCENT_OFF,
        coupon: 'RENEW10',
        total: SUBSCRIPTION - TEN_PERCENT_OFF,
      });
      const refusals: [string, string][] = [
        ['NATCONONLY', 'This coupon is for NATCON only.'],
        ['OLDRENEW', 'This coupon expired on 2020-12-31.'],
        ['GONE', 'This coupon has been used up.'],
        ['NOSUCH', 'No coupon has this code.'],
      ];
      for (const [code, message] of refusals) {
        const refused = await call('GET', `/api/members/${member.id}/renewal?coupon=${code}`, user);
        expect(refused.status).toBe(400);
        expect(refused.body.error.fields.coupon).toBe(message);
      }
      expect((await couponRow('RENEW10')).uses).toBe(0);
    });

    it('takes the coupon with the report, prints it on the receipt, and gives it back when the payment is rejected', async () => {
      const { member, user } = await newMember();
      const full = await call('POST', '/api/members/me/renewal', user, {
        mode: 'upi',
        reference: utr(),
        amount: SUBSCRIPTION,
        paidOn: TODAY,
        coupon: 'renew10',
      });
      expect(full.status).toBe(400);
      expect(full.body.error.fields.amount).toContain('The amount due is Rs');
      expect((await couponRow('RENEW10')).uses).toBe(0);
      expect(await paymentCount()).toBe(0);

      const reported = await call('POST', '/api/members/me/renewal', user, {
        mode: 'upi',
        reference: utr(),
        amount: SUBSCRIPTION - TEN_PERCENT_OFF,
        paidOn: TODAY,
        coupon: 'renew10',
      });
      expect(reported.status).toBe(201);
      expect((await couponRow('RENEW10')).uses).toBe(1);

      const rejected = await call('POST', `/api/admin/payments/${reported.body.data.id}/reject`, superAdmin, {
        note: 'Not in the bank statement',
      });
      expect(rejected.status).toBe(200);
      expect((await couponRow('RENEW10')).uses).toBe(0);

      const again = await call('POST', '/api/members/me/renewal', user, {
        mode: 'upi',
        reference: utr(),
        amount: SUBSCRIPTION - TEN_PERCENT_OFF,
        paidOn: TODAY,
        coupon: 'RENEW10',
      });
      expect(again.status).toBe(201);
      expect((await call('POST', `/api/admin/payments/${again.body.data.id}/verify`, admin, {})).status).toBe(200);
      expect(await paidThrough(member.id)).toBe(CURRENT + 1);
      const stored = await database.db
        .selectFrom('payments')
        .select('receipt')
        .where('id', '=', again.body.data.id)
        .executeTakeFirstOrThrow();
      const receipt = JSON.stringify(stored.receipt);
      expect(receipt).toContain('Coupon RENEW10');
      expect(receipt).toContain(`Annual subscription ${financialYearLabel(CURRENT + 1)}`);
      expect((await couponRow('RENEW10')).uses).toBe(1);
    });

    it('refuses a coupon of the wrong scope, expired or used up, and writes nothing', async () => {
      const { user } = await newMember();
      const before = await paymentCount();
      for (const code of ['NATCONONLY', 'OLDRENEW', 'GONE']) {
        const refused = await call('POST', '/api/members/me/renewal', user, {
          mode: 'upi',
          reference: utr(),
          amount: SUBSCRIPTION - TEN_PERCENT_OFF,
          paidOn: TODAY,
          coupon: code,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error.fields.coupon).toBeTruthy();
      }
      expect(await paymentCount()).toBe(before);
      expect((await couponRow('GONE')).uses).toBe(2);
      expect((await couponRow('OLDRENEW')).uses).toBe(0);
    });

    it('never uses a coupon beyond its limit: 100 members at once on a coupon with 7 uses left', async () => {
      const coupon = await createCoupon(database.db, { code: 'RUSH', kind: 'flat', value: 10_000, maxUses: 10 });
      await database.db.updateTable('coupons').set({ uses: 3 }).where('id', '=', coupon.id).execute();
      const renewers = [];
      for (let i = 0; i < 100; i++) renewers.push(await newMember());
      const before = await paymentCount();
      const answers = await Promise.all(
        renewers.map(({ user }) =>
          call('POST', '/api/members/me/renewal', user, {
            mode: 'upi',
            reference: utr(),
            amount: SUBSCRIPTION - 10_000,
            paidOn: TODAY,
            coupon: 'RUSH',
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused).toHaveLength(93);
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.body.error.fields.coupon).toBe('This coupon has been used up.');
      }
      expect((await couponRow('RUSH')).uses).toBe(10);
      const live = await database.db
        .selectFrom('coupon_redemptions')
        .select('id')
        .where('coupon_id', '=', coupon.id)
        .where('released_at', 'is', null)
        .execute();
      expect(live).toHaveLength(7);
      expect(await paymentCount()).toBe(before + 7);
    });
  });

  describe('a renewal paid at the office', () => {
    const officeBody = (overrides: Record<string, unknown> = {}) => ({
      mode: 'cash',
      amount: SUBSCRIPTION,
      paidOn: TODAY,
      throughYear: CURRENT + 1,
      ...overrides,
    });

    it('records cash, verified by the staff who took it, with the next receipt number, and raises the paid-through year', async () => {
      const online = await newMember();
      const reported = await call('POST', '/api/members/me/renewal', online.user, {
        mode: 'upi',
        reference: utr(),
        amount: SUBSCRIPTION,
        paidOn: TODAY,
      });
      const verifiedOnline = await call('POST', `/api/admin/payments/${reported.body.data.id}/verify`, admin, {});
      const onlineNumber = verifiedOnline.body.data.receiptNumber as string;

      const { member, user } = await newMember();
      const recorded = await call('POST', `/api/admin/members/${member.id}/renewals`, admin, officeBody());
      expect(recorded.status).toBe(201);
      expect(recorded.body.data).toMatchObject({
        mode: 'cash',
        state: 'verified',
        amount: SUBSCRIPTION,
        years: [financialYearLabel(CURRENT + 1)],
      });
      const sequence = (n: string) => Number(n.slice(-6));
      expect(sequence(recorded.body.data.receiptNumber)).toBe(sequence(onlineNumber) + 1);
      expect(await paidThrough(member.id)).toBe(CURRENT + 1);
      const row = await database.db
        .selectFrom('payments')
        .select(['decided_by', 'state', 'mode'])
        .where('id', '=', recorded.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ decided_by: admin.id, state: 'verified', mode: 'cash' });

      const view = await call('GET', `/api/members/${member.id}/renewal`, user);
      expect(view.body.data.years[0]).toMatchObject({
        year: CURRENT + 1,
        paid: true,
        receiptNumber: recorded.body.data.receiptNumber,
      });
      expect(view.body.data.quote).toBeNull();
      const pdf = await api.request('GET', `/api/payments/${recorded.body.data.id}/receipt.pdf`, { token: user.token });
      expect(pdf.status).toBe(200);
      await api.settle();
      const { payer_email } = await database.db
        .selectFrom('payments')
        .select('payer_email')
        .where('id', '=', recorded.body.data.id)
        .executeTakeFirstOrThrow();
      const mailed = decisionMailsTo(api.outbox(), payer_email).receipts;
      expect(mailed.filter((mail) => mail.includes(recorded.body.data.receiptNumber))).toHaveLength(1);

      const twice = await call('POST', `/api/admin/members/${member.id}/renewals`, admin, officeBody());
      expect(twice.status).toBe(409);
      expect(twice.body.error.message).toBe(
        `This membership is already paid through ${financialYearLabel(CURRENT + 1)}.`,
      );
      expect(await paidThrough(member.id)).toBe(CURRENT + 1);
      const audit = await database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', ['renewal.office_recorded', 'payment.verified'])
        .where('entity_id', 'in', [String(member.id), String(recorded.body.data.id)])
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['payment.verified', 'renewal.office_recorded']);
    });

    it('restores a lapsed member from a cheque with a coupon, every unpaid year at once', async () => {
      const { member } = await newMember({ paid: CURRENT - 3, admittedOn: `${CURRENT - 6}-05-01` });
      const total = 3 * SUBSCRIPTION - 50_000;
      const noNumber = await call(
        'POST',
        `/api/admin/members/${member.id}/renewals`,
        superAdmin,
        officeBody({ mode: 'cheque', amount: total, throughYear: CURRENT, coupon: 'BOTHFLAT' }),
      );
      expect(noNumber.status).toBe(400);
      expect(noNumber.body.error.fields.reference).toBeTruthy();
      const recorded = await call(
        'POST',
        `/api/admin/members/${member.id}/renewals`,
        superAdmin,
        officeBody({ mode: 'cheque', reference: '123456', amount: total, throughYear: CURRENT, coupon: 'BOTHFLAT' }),
      );
      expect(recorded.status).toBe(201);
      expect(recorded.body.data.years).toHaveLength(3);
      expect(await paidThrough(member.id)).toBe(CURRENT);
      expect((await couponRow('BOTHFLAT')).uses).toBe(1);
    });

    it('refuses a wrong year, a wrong amount, an unusable coupon and a payment already waiting, and changes nothing', async () => {
      const { member, user } = await newMember();
      const receiptsBefore = await database.db.selectFrom('receipt_sequences').selectAll().execute();
      const before = await paymentCount();
      const cases: [Record<string, unknown>, number, string][] = [
        [officeBody({ throughYear: CURRENT + 2 }), 400, 'throughYear'],
        [officeBody({ amount: SUBSCRIPTION - 1 }), 400, 'amount'],
        [officeBody({ amount: SUBSCRIPTION - TEN_PERCENT_OFF, coupon: 'NATCONONLY' }), 400, 'coupon'],
        [officeBody({ amount: SUBSCRIPTION - TEN_PERCENT_OFF, coupon: 'GONE' }), 400, 'coupon'],
        [officeBody({ mode: 'upi', reference: utr() }), 400, 'mode'],
        [officeBody({ paidOn: '2099-01-01' }), 400, 'paidOn'],
        [officeBody({ extra: 1 }), 400, ''],
      ];
      for (const [body, status, field] of cases) {
        const answer = await call('POST', `/api/admin/members/${member.id}/renewals`, admin, body);
        expect(answer.status, JSON.stringify(body)).toBe(status);
        if (field) expect(answer.body.error.fields[field], JSON.stringify(body)).toBeTruthy();
      }
      expect(await paymentCount()).toBe(before);
      expect(await paidThrough(member.id)).toBe(CURRENT);
      expect(await database.db.selectFrom('receipt_sequences').selectAll().execute()).toEqual(receiptsBefore);

      await call('POST', '/api/members/me/renewal', user, {
        mode: 'upi',
        reference: utr(),
        amount: SUBSCRIPTION,
        paidOn: TODAY,
      });
      const waiting = await call('POST', `/api/admin/members/${member.id}/renewals`, admin, officeBody());
      expect(waiting.status).toBe(409);
      expect(waiting.body.error.message).toBe('A renewal payment is already waiting for the office to verify it.');
      expect(await paidThrough(member.id)).toBe(CURRENT);
    });

    it('is for roles 2 and 5 only; others are refused and nothing is written', async () => {
      const { member, user } = await newMember();
      const chapterAdmin = await createUser(database.db, { roleId: '4', chapterId: east.id });
      const contentAdmin = await createUser(database.db, { roleId: '3' });
      const before = await paymentCount();
      for (const who of [user, chapterAdmin, contentAdmin]) {
        expect((await call('POST', `/api/admin/members/${member.id}/renewals`, who, officeBody())).status).toBe(403);
      }
      expect((await call('POST', `/api/admin/members/${member.id}/renewals`, undefined, officeBody())).status).toBe(
        401,
      );
      expect((await call('POST', '/api/admin/members/999999/renewals', admin, officeBody())).status).toBe(404);
      expect(await paymentCount()).toBe(before);
      // Life members have nothing to renew.
      await database.db
        .updateTable('members')
        .set({ membership_class: 'life', updated_at: nowIso() })
        .where('id', '=', member.id)
        .execute();
      expect((await call('POST', `/api/admin/members/${member.id}/renewals`, admin, officeBody())).status).toBe(409);
    });
  });
});
