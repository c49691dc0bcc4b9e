import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter } from '../support/fixtures';
import { readMail } from '../support/mail';
import { formatMoney } from '../../src/lib/format';
import { applicationBody, createCoupon, createProposer, json, seedFees, submit } from './joining-support';

interface Submitted {
  reference: string;
  statusToken: string;
  amountDue: number;
  state: string;
}

/**
 * What taking an application says and keeps: the applicant's confirmation e-mail read whole (with a fee due and
 * with none), one open application per e-mail (a closed one does not stand in the way), an institution kept
 * only for a student, the fee refusal's own words, and tracking by number and e-mail however the applicant types
 * the e-mail.
 */
describeEachDatabase('Joining: what a submitted application says and keeps', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  const proposers: [string, string] = ['SB-0001', 'SB-0002'];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-02T06:00:00Z');
    await seedFees(database.db, 2026);
    chapterId = (await createChapter(database.db, { code: 'SBM', name: 'Howrah' })).id;
    await createProposer(database.db, chapterId, { memberNumber: proposers[0] });
    await createProposer(database.db, chapterId, { memberNumber: proposers[1] });
    await createCoupon(database.db, { code: 'WHOLEFEE', value: 100, maxUses: 5 });
  });
  afterAll(() => database?.drop());

  const submitted = async (overrides: Record<string, unknown> = {}) => {
    const body = applicationBody(chapterId, proposers, overrides);
    const answer = await submit(api, body);
    expect(answer.status).toBe(201);
    await api.settle();
    return { body, data: (await json<Submitted>(answer)).data };
  };
  const confirmation = (email: string, reference: string) => {
    const found = api
      .outbox()
      .map(readMail)
      .filter((m) => m.headers.includes(`To: ${email}\n`));
    expect(found).toHaveLength(1);
    expect(found[0]!.headers).toContain(`Subject: NIPM membership application ${reference}\n`);
    return found[0]!.body;
  };
  const rowOf = (reference: string) =>
    database.db
      .selectFrom('applications')
      .select(['id', 'state', 'institution', 'email'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  it('confirms the application by e-mail, whole: its class, chapter, number, the amount due and its link', async () => {
    const { body, data } = await submitted({ firstName: 'Ritu', lastName: 'Ghosh' });
    expect(data.amountDue).toBeGreaterThan(0);
    expect(data.state).toBe('awaiting_payment');
    expect(confirmation(body.email, data.reference)).toBe(
      [
        'Dear Ritu Ghosh,',
        '',
        'Thank you for applying for Associate membership of NIPM (Howrah chapter).',
        `Your application number is ${data.reference}.`,
        `The amount due is ${formatMoney(data.amountDue)}. Pay it by UPI, bank transfer or demand draft and report the payment on your application's page:`,
        '',
        `http://localhost:4321/membership/status?token=${encodeURIComponent(data.statusToken)}`,
        '',
        'Keep this e-mail: the link is the key to your application (uploading documents, reporting a payment, your receipt, and your data and privacy rights).',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
  });

  it('says nothing is due when a coupon covers the whole fee, and the application goes straight to the office', async () => {
    const { body, data } = await submitted({ firstName: 'Kabir', lastName: 'Das', coupon: 'WHOLEFEE' });
    expect(data.amountDue).toBe(0);
    expect(data.state).toBe('payment_verified');
    const text = confirmation(body.email, data.reference);
    expect(text.split('\n').slice(2, 5)).toEqual([
      'Thank you for applying for Associate membership of NIPM (Howrah chapter).',
      `Your application number is ${data.reference}.`,
      'Nothing is due. Follow your application on its page:',
    ]);
  });

  it('refuses a second open application for one e-mail, and takes one once the first was rejected, withdrawn or approved', async () => {
    const email = `one-open-${Date.now().toString(36)}@example.test`;
    const first = await submitted({ email });
    const again = await submit(api, applicationBody(chapterId, proposers, { email: `  ${email.toUpperCase()} ` }));
    expect(again.status).toBe(409);
    expect((await json(again)).error?.fields).toEqual({ email: 'An application with this e-mail is open.' });

    let open = first.data.reference;
    for (const closed of ['rejected', 'withdrawn', 'approved'] as const) {
      await database.db.updateTable('applications').set({ state: closed }).where('reference', '=', open).execute();
      const next = await submitted({ email });
      expect((await rowOf(next.data.reference)).email).toBe(email);
      open = next.data.reference;
    }
    const rows = await database.db
      .selectFrom('applications')
      .select('state')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.state)).toEqual(['rejected', 'withdrawn', 'approved', 'awaiting_payment']);
  });

  it('keeps the institution of a student only', async () => {
    const associate = await submitted({ institution: 'Presidency College' });
    expect((await rowOf(associate.data.reference)).institution).toBeNull();
    const student = await submitted({
      classCode: 'student',
      institution: 'Presidency College',
      proposerNumber: undefined,
      seconderNumber: undefined,
    });
    expect((await rowOf(student.data.reference)).institution).toBe('Presidency College');
  });

  it('refuses a fee that changed since the review step, saying so in its message and beside the total', async () => {
    const body = applicationBody(chapterId, proposers, { expectedTotal: 1 });
    const answer = await submit(api, body);
    expect(answer.status).toBe(400);
    const { error } = await json(answer);
    expect(error?.message).toBe('The fee differs from the one you reviewed.');
    expect(error?.fields?.expectedTotal).toMatch(
      /^The fee is now Rs [\d,]+\.\d\d\. Check the review step and submit again\.$/,
    );
    const kept = await database.db.selectFrom('applications').select('id').where('email', '=', body.email).execute();
    expect(kept).toEqual([]);
  });

  it('finds an application by its number and e-mail however the applicant types the e-mail', async () => {
    // The test client's submissions share one address, and the ones above used its allowance for the hour.
    api.clock.now = new Date('2026-11-03T06:00:00Z');
    const { body, data } = await submitted();
    const typed = `  ${body.email.toUpperCase()}  `;
    const found = await api.request(
      'GET',
      `/api/membership/track?reference=${data.reference.toLowerCase()}&email=${encodeURIComponent(typed)}`,
    );
    expect(found.status).toBe(200);
    expect((await json<{ reference: string; state: string }>(found)).data).toMatchObject({
      reference: data.reference,
      state: 'awaiting_payment',
    });
    const wrong = await api.request(
      'GET',
      `/api/membership/track?reference=${data.reference}&email=${encodeURIComponent('someone.else@example.test')}`,
    );
    expect(wrong.status).toBe(404);
  });
});
