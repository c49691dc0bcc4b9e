import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { MEMBER_EMAIL_MESSAGE, OPEN_APPLICATION_MESSAGE } from '../../src/server/domains/joining/applications';
import { formatMoney } from '../../src/lib/format';
import { applicationBody, createCoupon, createProposer, json, seedFees, submit } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeEachDatabase('Joining: what a submission answers, records and e-mails', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    await seedFees(database.db, 2026);
    chapterId = (await createChapter(database.db, { code: 'SUB' })).id;
    await createProposer(database.db, chapterId, { memberNumber: 'S-0001' });
    await createProposer(database.db, chapterId, { memberNumber: 'S-0002' });
    await createCoupon(database.db, { code: 'FREE100', value: 100, maxUses: 5 });
  });
  afterAll(() => database.drop());

  const body = (overrides: Record<string, unknown> = {}) => applicationBody(chapterId, ['S-0001', 'S-0002'], overrides);
  const mailTo = async (email: string) => {
    await api.settle();
    return plain(api.outbox().find((m) => m.includes(`To: ${email}`)) ?? '');
  };

  it("refuses a member's or an account's e-mail, and an e-mail with an open application, naming the field", async () => {
    await createMember(database.db, chapterId, { memberNumber: 'S-0100', email: 'Taken.Member@example.test' });
    await createUser(database.db, { roleId: '3', email: 'staff.account@example.test' });
    for (const email of ['taken.member@example.test', 'staff.account@example.test']) {
      const response = await submit(api, body({ email }));
      expect(response.status).toBe(409);
      expect((await json(response)).error).toMatchObject({
        message: MEMBER_EMAIL_MESSAGE,
        fields: { email: 'Already a member: sign in instead.' },
      });
    }

    const first = body();
    expect((await submit(api, first)).status).toBe(201);
    const again = await submit(api, { ...body(), email: first.email });
    expect(again.status).toBe(409);
    expect((await json(again)).error).toMatchObject({
      message: OPEN_APPLICATION_MESSAGE,
      fields: { email: 'An application with this e-mail is open.' },
    });
  });

  it('refuses an unknown chapter, and the eleventh submission of an hour from one address', async () => {
    const address = '10.77.1.1';
    for (let i = 0; i < 10; i++) {
      const response = await submit(api, body({ chapterId: 987_654 }), address);
      expect(response.status).toBe(400);
      expect((await json(response)).error?.fields).toEqual({ chapterId: 'Choose a chapter from the list.' });
    }
    const throttled = await submit(api, body(), address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json(throttled)).error?.message).toBe(
      'Too many applications from this address. Please try again later.',
    );
    // Another address is not held back by this one's flood.
    expect((await submit(api, body(), '10.77.1.2')).status).toBe(201);
  });

  it('takes an application with nothing to pay as verified, with both history entries, consents and audit', async () => {
    const application = body({ coupon: 'FREE100', newsletter: true });
    const response = await submit(api, application);
    expect(response.status).toBe(201);
    const created = (await json<{ reference: string; state: string; amountDue: number }>(response)).data;
    expect(created).toMatchObject({ state: 'payment_verified', amountDue: 0 });

    const db = database.db;
    const row = await db
      .selectFrom('applications')
      .select(['id', 'state', 'coupon_code', 'amount_due'])
      .where('reference', '=', created.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'payment_verified', coupon_code: 'FREE100', amount_due: 0 });
    const events = await db
      .selectFrom('application_events')
      .select(['from_state', 'to_state', 'note', 'actor_user_id'])
      .where('application_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { from_state: null, to_state: 'awaiting_payment', note: 'Submitted', actor_user_id: null },
      {
        from_state: 'awaiting_payment',
        to_state: 'payment_verified',
        note: 'Nothing to pay after the coupon.',
        actor_user_id: null,
      },
    ]);
    const consents = await db
      .selectFrom('consents')
      .select(['purpose', 'method', 'email'])
      .where('application_id', '=', row.id)
      .orderBy('purpose')
      .execute();
    expect(consents).toEqual([
      { purpose: 'membership', method: 'membership_application', email: application.email },
      { purpose: 'newsletter', method: 'membership_application', email: application.email },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('application.submitted');
    expect(JSON.parse(String(audit.detail))).toMatchObject({
      reference: created.reference,
      classCode: 'associate',
      chapterId,
      total: 0,
      coupon: 'FREE100',
    });

    const mail = await mailTo(application.email);
    expect(mail).toContain(`Subject: NIPM membership application ${created.reference}`);
    expect(mail).toContain('Nothing is due. Follow your application on its page:');
  });

  it('records only the membership consent without the newsletter box, and tells the amount due', async () => {
    const application = body();
    const created = (
      await json<{ reference: string; state: string; amountDue: number }>(await submit(api, application))
    ).data;
    expect(created.state).toBe('awaiting_payment');
    const consents = await database.db
      .selectFrom('consents as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .select('c.purpose')
      .where('a.reference', '=', created.reference)
      .execute();
    expect(consents.map((c) => c.purpose)).toEqual(['membership']);
    expect(await mailTo(application.email)).toContain(
      `The amount due is ${formatMoney(created.amountDue)}. Pay it by UPI, bank transfer or demand draft and report the payment on your application's page:`,
    );
  });

  it("records the organisation as the GSTIN's buyer when no other name is given, and no buyer without a GSTIN", async () => {
    const buyerOf = async (overrides: Record<string, unknown>) => {
      const response = await submit(api, body(overrides));
      expect(response.status).toBe(201);
      const { reference } = (await json<{ reference: string }>(response)).data;
      return database.db
        .selectFrom('applications')
        .select(['gstin', 'buyer_name', 'buyer_address'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
    };
    expect(await buyerOf({ gstin: '19AAACN1234F1ZU', buyerAddress: '4 Strand Road, Kolkata' })).toEqual({
      gstin: '19AAACN1234F1ZU',
      buyer_name: 'Hooghly Jute Mills',
      buyer_address: '4 Strand Road, Kolkata',
    });
    expect(await buyerOf({})).toEqual({ gstin: null, buyer_name: null, buyer_address: null });
  });

  it("tells an applicant under 18 that their guardian was asked, and records the guardian's wait", async () => {
    const guardianEmail = `guardian-${Date.now().toString(36)}@example.test`;
    const application = body({
      classCode: 'student',
      institution: 'Jadavpur University',
      proposerNumber: undefined,
      seconderNumber: undefined,
      dateOfBirth: '2010-03-01',
      guardianName: 'Ravi Sen',
      guardianEmail,
    });
    const response = await submit(api, application);
    expect(response.status).toBe(201);
    const created = (await json<{ reference: string; state: string }>(response)).data;
    expect(created.state).toBe('awaiting_guardian');
    const row = await database.db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', created.reference)
      .executeTakeFirstOrThrow();
    const events = await database.db
      .selectFrom('application_events')
      .select(['from_state', 'to_state', 'note'])
      .where('application_id', '=', row.id)
      .execute();
    expect(events).toEqual([
      { from_state: null, to_state: 'awaiting_guardian', note: 'Submitted; waiting for the consent of Ravi Sen' },
    ]);
    const consent = await database.db
      .selectFrom('guardian_consents')
      .select(['guardian_name', 'guardian_email'])
      .where('application_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(consent).toEqual({ guardian_name: 'Ravi Sen', guardian_email: guardianEmail });

    expect(await mailTo(application.email)).toContain(
      'As you are under 18, we have e-mailed Ravi Sen to ask for their consent. Your application waits until they give it; then you can pay. Follow it on its page:',
    );
    const asked = await mailTo(guardianEmail);
    expect(asked).toContain('Dear Ravi Sen,');
    expect(asked).toContain(
      `Meera ${application.lastName} has applied for Student membership of the National Institute of Personnel Management (application ${created.reference}) and named you as their parent or guardian.`,
    );
    expect(asked).toContain('Read what we keep and why, and give or refuse your consent, here:');
    expect(asked).toContain('The privacy notice (version 1): http://localhost:4321/privacy');
    expect(asked).toContain(
      'If you do not know this applicant, ignore this e-mail: nothing goes further without your consent.',
    );
    // The link in the e-mail is the one that opens the request.
    const link = asked.match(/\/membership\/guardian\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '';
    const opened = await api.request('GET', `/api/membership/guardian?token=${link}`);
    expect((await json<{ reference: string }>(opened)).data.reference).toBe(created.reference);
  });
});
