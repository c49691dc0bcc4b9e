import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nowIso } from '../../src/server/platform/db';
import { hashToken } from '../../src/server/domains/joining/records';
import { applicationRow, json } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** A guardian's link: refused when unknown, closed or withdrawn; once consenting, what the applicant and staff get. */
describeEachDatabase("Joining: a guardian's consent through the e-mailed link", (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let chapterAdmin: CreatedUser;
  let count = 0;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    chapterId = (await createChapter(database.db, { code: 'GRD' })).id;
    chapterAdmin = await createUser(database.db, { roleId: '4', chapterId });
  });
  afterAll(() => database.drop());

  async function waiting(options: { state?: string; closed?: boolean; total?: number } = {}) {
    count += 1;
    const token = `guardian-link-${count}-${Date.now().toString(36)}`;
    const base = applicationRow(chapterId, { state: options.state ?? 'awaiting_guardian' });
    const quote = { ...JSON.parse(base.quote), total: options.total ?? 125_100 };
    const app = await database.db
      .insertInto('applications')
      .values({ ...base, quote: JSON.stringify(quote), amount_due: quote.total })
      .returning(['id', 'reference', 'email', 'first_name', 'last_name'])
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('guardian_consents')
      .values({
        application_id: app.id,
        guardian_name: 'Ravi Sen',
        guardian_email: `ravi-${count}@example.test`,
        token_hash: hashToken(token),
        requested_at: nowIso(api.clock.now),
        closed_at: options.closed ? nowIso(api.clock.now) : null,
      })
      .execute();
    return { ...app, token };
  }
  const open = (token: string) => api.request('GET', `/api/membership/guardian?token=${encodeURIComponent(token)}`);
  const consent = (token: string) =>
    api.request('POST', `/api/membership/guardian/consent?token=${encodeURIComponent(token)}`, {
      body: { consent: true },
    });
  const message = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return (await json(response)).error?.message;
  };

  it('refuses an unknown link, a link closed for want of consent, and a withdrawn application', async () => {
    expect(await message(await open('no-such-guardian-link-0123'), 404)).toBe(
      'No application waits for consent with this link. Use the link from our latest e-mail.',
    );
    const closed = await waiting({ state: 'withdrawn', closed: true });
    expect(await message(await consent(closed.token), 409)).toBe(
      `This application (${closed.reference}) was closed because no parent or guardian consented within 30 days. Nothing more is needed from you; the applicant may apply again.`,
    );
    const withdrawn = await waiting({ state: 'withdrawn' });
    expect((await open(withdrawn.token)).status).toBe(200);
    expect(await message(await consent(withdrawn.token), 409)).toBe(
      'This application no longer waits for consent: it was withdrawn or closed.',
    );
    const row = await database.db
      .selectFrom('guardian_consents')
      .select('given_at')
      .where('application_id', '=', withdrawn.id)
      .executeTakeFirstOrThrow();
    expect(row.given_at).toBeNull();
  });

  it('moves the application on to payment, records it all and tells the applicant once', async () => {
    const app = await waiting();
    const before = await json<{ state: string; givenAt: string | null; guardianName: string; applicantName: string }>(
      await open(app.token),
    );
    expect(before.data).toMatchObject({
      state: 'awaiting_guardian',
      givenAt: null,
      guardianName: 'Ravi Sen',
      applicantName: `${app.first_name} ${app.last_name}`,
    });
    const given = await consent(app.token);
    expect(given.status).toBe(200);
    expect((await json<{ state: string; givenAt: string }>(given)).data).toMatchObject({
      state: 'awaiting_payment',
      givenAt: nowIso(api.clock.now),
    });

    const db = database.db;
    expect(
      await db
        .selectFrom('application_events')
        .select(['from_state', 'to_state', 'actor_user_id', 'note'])
        .where('application_id', '=', app.id)
        .execute(),
    ).toEqual([
      {
        from_state: 'awaiting_guardian',
        to_state: 'awaiting_payment',
        actor_user_id: null,
        note: 'Consent given by the parent or guardian (Ravi Sen).',
      },
    ]);
    expect(
      await db.selectFrom('consents').select(['purpose', 'method']).where('application_id', '=', app.id).execute(),
    ).toEqual([{ purpose: 'membership', method: 'guardian_link' }]);
    const audit = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'application.guardian_consented')
      .where('entity_id', '=', String(app.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.detail))).toEqual({ reference: app.reference });
    const notice = await db
      .selectFrom('notifications as n')
      .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .select(['n.title', 'n.message', 'n.link'])
      .where('r.user_id', '=', chapterAdmin.id)
      .where('n.link', '=', `/admin/membership?q=${app.reference}`)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      title: 'New membership application',
      message: `${app.first_name} ${app.last_name} applied for Associate membership (${app.reference}).`,
      link: `/admin/membership?q=${app.reference}`,
    });

    // A second click finds the consent given: the same answer, and no second e-mail.
    expect((await json<{ state: string }>(await consent(app.token))).data.state).toBe('awaiting_payment');
    await api.settle();
    const mails = api.outbox().filter((m) => m.includes(`To: ${app.email}`));
    expect(mails).toHaveLength(1);
    const mail = plain(mails[0]);
    expect(mail).toContain(`Subject: NIPM membership application ${app.reference}: your guardian consented`);
    expect(mail).toContain(
      `Ravi Sen has given the consent your application ${app.reference} needed. It now goes on: pay the fee and report the payment from your application's page (the link in your confirmation e-mail).`,
    );
  });

  it('takes an application with nothing due straight to a verified payment', async () => {
    const app = await waiting({ total: 0 });
    expect((await json<{ state: string }>(await consent(app.token))).data.state).toBe('payment_verified');
    await api.settle();
    const mail = plain(api.outbox().find((m) => m.includes(`To: ${app.email}`)) ?? '');
    expect(mail).toContain('It now goes on: your chapter will scrutinise it from your application');
  });
});
