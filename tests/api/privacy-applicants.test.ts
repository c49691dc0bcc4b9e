import { afterAll, beforeAll, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { sendOptionalMail } from '../../src/server/domains/privacy/consents';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { createEdition } from '../support/natcon';
import { applicationBody, createProposer, json, seedFees, submit } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

function tokenOf(eml: string, path: string): string {
  const match = plain(eml).match(new RegExp(`${path.replace(/[?/]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`));
  if (!match?.[1]) throw new Error(`No ${path} link in:\n${eml}`);
  return decodeURIComponent(match[1]);
}

describeEachDatabase('privacy for applicants: consents on the form, guardians, status links, proposers', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapter: { id: number };
  let chapterAdmin: CreatedUser;
  let admin: CreatedUser;
  const proposers: [string, string] = ['PP-0001', 'PP-0002'];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    await seedFees(database.db, 2026);
    chapter = await createChapter(database.db, { code: 'PRV', name: 'Privacy Chapter' });
    await createProposer(database.db, chapter.id, { memberNumber: proposers[0] });
    await createProposer(database.db, chapter.id, { memberNumber: proposers[1], membershipClass: 'life' });
    await createProposer(database.db, chapter.id, { memberNumber: 'PP-0003', membershipClass: 'associate' });
    chapterAdmin = await createUser(database.db, { roleId: '4', chapterId: chapter.id });
    admin = await createUser(database.db, { roleId: '5' });
  });
  afterAll(() => database.drop());

  const consentsOf = (email: string) =>
    database.db.selectFrom('consents').selectAll().where('email', '=', email).orderBy('id').execute();

  it('records the needed consent on submission, and the newsletter only when its box is ticked', async () => {
    const without = applicationBody(chapter.id, proposers);
    expect((await submit(api, without, '10.1.1.1')).status).toBe(201);
    expect((await consentsOf(without.email)).map((c) => [c.purpose, c.method, c.notice_version, c.ip])).toEqual([
      ['membership', 'membership_application', 1, '10.1.1.1'],
    ]);
    const withNews = applicationBody(chapter.id, proposers, { newsletter: true });
    expect((await submit(api, withNews, '10.1.1.2')).status).toBe(201);
    const given = await consentsOf(withNews.email);
    expect(given.map((c) => c.purpose).sort()).toEqual(['membership', 'newsletter']);
    expect(given.every((c) => c.application_id !== null && c.given_at === '2026-11-20T06:00:00.000Z')).toBe(true);
  });

  it('an applicant under 18 must name a guardian, whose e-mail is not their own', async () => {
    const minor = applicationBody(chapter.id, proposers, { dateOfBirth: '2010-01-15' });
    const missing = await submit(api, minor);
    expect(missing.status).toBe(400);
    expect((await json(missing)).error?.fields).toMatchObject({
      guardianName: expect.any(String),
      guardianEmail: expect.any(String),
    });
    const own = await submit(api, { ...minor, guardianName: 'Ravi Sen', guardianEmail: minor.email });
    expect(own.status).toBe(400);
    expect((await json(own)).error?.fields?.guardianEmail).toMatch(/own e-mail/);
    // Turning 18 on the day counts: no guardian needed.
    const adult = applicationBody(chapter.id, proposers, { dateOfBirth: '2008-11-20' });
    expect((await submit(api, adult)).status).toBe(201);
  });

  it('waits for the guardian, out of the staff queue, until the guardian consents through the e-mailed link', async () => {
    const body = applicationBody(chapter.id, proposers, {
      dateOfBirth: '2010-06-01',
      guardianName: 'Ravi Sen',
      guardianEmail: 'ravi.guardian@example.test',
      newsletter: true,
    });
    const answer = await submit(api, body);
    expect(answer.status).toBe(201);
    const created = (await json<{ reference: string; statusToken: string; state: string; amountDue: number }>(answer))
      .data;
    expect(created.state).toBe('awaiting_guardian');
    await api.settle();
    const guardianMail = api.outbox().find((m) => m.includes('To: ravi.guardian@example.test'))!;
    expect(plain(guardianMail)).toContain(created.reference);
    expect(plain(guardianMail)).toContain('http://localhost:4321/privacy');
    const guardianToken = tokenOf(guardianMail, '/membership/guardian');

    // The applicant's page shows the wait; nothing is recorded as consent yet, and no payment is taken.
    const status = await json<{ state: string; nextStep: string; guardian: { name: string; givenAt: null } }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`),
    );
    expect(status.data).toMatchObject({ state: 'awaiting_guardian', guardian: { name: 'Ravi Sen', givenAt: null } });
    expect(status.data.nextStep).toMatch(/parent or guardian must consent/);
    expect(await consentsOf(body.email)).toEqual([]);
    const pay = await api.request(
      'POST',
      `/api/membership/applications/${created.reference}/payments?token=${encodeURIComponent(created.statusToken)}`,
      { body: { mode: 'upi', reference: '432198765019', amount: created.amountDue, paidOn: '2026-11-20' } },
    );
    expect(pay.status).toBe(409);

    // Staff do not see it: not in the queue, not by id.
    const queue = await json<{ items: { reference: string }[] }>(
      await api.request('GET', `/api/admin/applications?q=${created.reference}`, { token: admin.token }),
    );
    expect(queue.data.items).toEqual([]);
    const row = await database.db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', created.reference)
      .executeTakeFirstOrThrow();
    expect((await api.request('GET', `/api/admin/applications/${row.id}`, { token: admin.token })).status).toBe(404);
    const bellBefore = await database.db
      .selectFrom('notification_recipients')
      .select('notification_id')
      .where('user_id', '=', chapterAdmin.id)
      .execute();

    // The guardian reads the request and consents; a second click changes nothing.
    const view = await json<{ applicantName: string; givenAt: string | null }>(
      await api.request('GET', `/api/membership/guardian?token=${encodeURIComponent(guardianToken)}`),
    );
    expect(view.data).toMatchObject({ applicantName: `${body.firstName} ${body.lastName}`, givenAt: null });
    const refused = await api.request(
      'POST',
      `/api/membership/guardian/consent?token=${encodeURIComponent(guardianToken)}`,
      { body: { consent: false } },
    );
    expect(refused.status).toBe(400);
    api.clock.advance(60_000);
    const consent = () =>
      api.request('POST', `/api/membership/guardian/consent?token=${encodeURIComponent(guardianToken)}`, {
        body: { consent: true },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
    const [first, second] = await Promise.all([consent(), consent()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await json<{ givenAt: string }>(first)).data.givenAt).toBe('2026-11-20T06:01:00.000Z');

    const after = await json<{ state: string; guardian: { givenAt: string } }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`),
    );
    expect(after.data).toMatchObject({ state: 'awaiting_payment', guardian: { givenAt: '2026-11-20T06:01:00.000Z' } });
    // Recorded as the applicant's consent, given through the guardian's link; a child is sent no newsletter.
    expect((await consentsOf(body.email)).map((c) => [c.purpose, c.method, c.ip])).toEqual([
      ['membership', 'guardian_link', '198.51.100.7'],
    ]);
    const history = await database.db
      .selectFrom('application_events')
      .select(['from_state', 'to_state'])
      .where('application_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_state: null, to_state: 'awaiting_guardian' },
      { from_state: 'awaiting_guardian', to_state: 'awaiting_payment' },
    ]);
    // Now the chapter's admin is told once, and staff see it.
    const bellAfter = await database.db
      .selectFrom('notification_recipients')
      .select('notification_id')
      .where('user_id', '=', chapterAdmin.id)
      .execute();
    expect(bellAfter.length - bellBefore.length).toBe(1);
    const seen = await json<{ items: { reference: string }[] }>(
      await api.request('GET', `/api/admin/applications?q=${created.reference}`, { token: admin.token }),
    );
    expect(seen.data.items.map((i) => i.reference)).toEqual([created.reference]);
    await api.settle();
    expect(api.outbox().filter((m) => m.includes('your guardian consented'))).toHaveLength(1);
    expect((await api.request('GET', '/api/membership/guardian?token=not-a-real-token-at-all')).status).toBe(404);
  });

  it('checks a proposer number as it is entered, without telling whose it is', async () => {
    const check = (query: string) => api.request('GET', `/api/membership/proposer-check?${query}`);
    expect((await json(await check(`number=${proposers[0]}&role=proposer`))).data).toEqual({
      valid: true,
      message: null,
    });
    expect((await json(await check('number=pp-0002&role=seconder'))).data).toEqual({ valid: true, message: null });
    expect((await json(await check('number=NIPM/NONE/1&role=proposer'))).data).toEqual({
      valid: false,
      message: 'No member has the number NIPM/NONE/1. Check it with your proposer.',
    });
    expect((await json(await check('number=PP-0003&role=seconder'))).data).toMatchObject({
      valid: false,
      message: 'Your seconder must be a Corporate or Life member.',
    });
    const bad = await check('number=%3Cscript%3E&role=proposer');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error?.fields?.number).toBeTruthy();
  });

  it('gives an applicant without an account their consents, data, requests and withdrawal through the status link', async () => {
    const body = applicationBody(chapter.id, proposers, { newsletter: true });
    const created = (await json<{ statusToken: string; reference: string }>(await submit(api, body))).data;
    const other = applicationBody(chapter.id, proposers, { email: `x.${body.email}` });
    await submit(api, other);
    const q = `kind=application&token=${encodeURIComponent(created.statusToken)}`;

    const view = await json<{ email: string; consents: { purpose: string }[]; requests: unknown[] }>(
      await api.request('GET', `/api/privacy/status-link?${q}`),
    );
    expect(view.data.email).toBe(body.email);
    expect(view.data.consents.map((c) => c.purpose).sort()).toEqual(['membership', 'newsletter']);

    const zipResponse = await api.app.request(`/api/privacy/status-link/export?${q}`);
    expect(zipResponse.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zipResponse.arrayBuffer()));
    const applications = JSON.parse(strFromU8(files['applications.json']!)) as { email: string }[];
    expect(applications.map((a) => a.email)).toEqual([body.email]);
    expect(strFromU8(files['consents.json']!)).toContain('newsletter');
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain('status_token_hash');

    const request = await api.request('POST', `/api/privacy/status-link/requests?${q}`, {
      body: { kind: 'erasure', details: 'Please erase my application.' },
    });
    expect(request.status).toBe(201);
    const listed = await json<{ requests: { kind: string; deadline: { dueAt: string } }[] }>(
      await api.request('GET', `/api/privacy/status-link?${q}`),
    );
    expect(listed.data.requests.map((r) => r.kind)).toEqual(['erasure']);

    // Withdrawal through the link stops the optional e-mails at once.
    const mailer = createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: api.outboxDir });
    const config = { siteUrl: 'https://nipm.example', secret: TEST_SECRET };
    const news = { purpose: 'newsletter' as const, to: body.email, subject: 'NIPM News', text: 'This month' };
    expect(await sendOptionalMail(database.db, mailer, news, config)).toBe(true);
    const withdrawn = await api.request('DELETE', `/api/privacy/status-link/consents/newsletter?${q}`);
    expect((await json(withdrawn)).data).toEqual({ withdrawn: 1 });
    expect(await sendOptionalMail(database.db, mailer, news, config)).toBe(false);
    expect((await api.request('DELETE', `/api/privacy/status-link/consents/membership?${q}`)).status).toBe(400);

    expect((await api.request('GET', '/api/privacy/status-link?kind=application&token=wrong-token-123')).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/privacy/status-link?kind=natcon&token=${created.statusToken}`)).status).toBe(
      404,
    );
  });

  it('the unsubscribe link in an optional e-mail withdraws without signing in, and those e-mails stop', async () => {
    const body = applicationBody(chapter.id, proposers, { newsletter: true });
    await submit(api, body);
    const mailer = createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: api.outboxDir });
    const config = { siteUrl: 'http://localhost:4321', secret: TEST_SECRET };
    const news = { purpose: 'newsletter' as const, to: body.email, subject: 'NIPM News 2', text: 'Next month' };
    const before = api.outbox().length;
    expect(await sendOptionalMail(database.db, mailer, news, config)).toBe(true);
    const sent = api
      .outbox()
      .slice(before)
      .find((m) => m.includes('NIPM News 2'))!;
    // The link opens the page, whose script calls the API with the same query.
    const link = /http:\/\/localhost:4321\/privacy\/unsubscribe\?\S+/.exec(plain(sent))![0];
    const answer = await api.request('GET', `/api/privacy/unsubscribe?${new URL(link).searchParams.toString()}`);
    expect((await json(answer)).data).toEqual({ withdrawn: 1 });
    expect(await sendOptionalMail(database.db, mailer, news, config)).toBe(false);
  });

  it('NATCON: the contact’s registration and a nomination record their consents; the order’s link opens its privacy rights', async () => {
    const { categories, awards } = await createEdition(database.db, {
      awards: [{ name: 'HR Leader of the Year', nomineeKind: 'person' }],
    });
    const stamp = Date.now().toString(36);
    const contact = `contact-${stamp}@example.test`;
    const delegate = `delegate-${stamp}@example.test`;
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: {
        categoryId: categories[0]!.id,
        contact: { name: 'Kavita Das', email: contact, phone: '9830012345' },
        newsletter: true,
        delegates: [
          { name: 'Kavita Das', email: contact, phone: '9830012345' },
          { name: 'Arun Pal', email: delegate, phone: '9830012399' },
        ],
      },
      headers: { 'x-forwarded-for': '203.0.113.44' },
    });
    expect(placed.status).toBe(201);
    const order = (await json<{ id: number; orderNumber: string; statusToken: string }>(placed)).data;
    expect((await consentsOf(contact)).map((c) => [c.purpose, c.method, c.order_id, c.ip])).toEqual([
      ['natcon_registration', 'natcon_registration', order.id, '203.0.113.44'],
      ['newsletter', 'natcon_registration', order.id, '203.0.113.44'],
    ]);
    // The other delegate gave nothing: no consent is recorded in their name.
    expect(await consentsOf(delegate)).toEqual([]);

    const q = `kind=natcon&order=${order.orderNumber}&token=${encodeURIComponent(order.statusToken)}`;
    const view = await json<{ email: string; consents: { purpose: string }[] }>(
      await api.request('GET', `/api/privacy/status-link?${q}`),
    );
    expect(view.data.email).toBe(contact);
    expect(view.data.consents.map((c) => c.purpose).sort()).toEqual(['natcon_registration', 'newsletter']);
    const zip = unzipSync(
      new Uint8Array(await (await api.app.request(`/api/privacy/status-link/export?${q}`)).arrayBuffer()),
    );
    const delegates = JSON.parse(strFromU8(zip['natcon-order-delegates.json']!)) as { email: string }[];
    expect(delegates.map((d) => d.email).sort()).toEqual([contact, delegate].sort());
    expect(JSON.parse(strFromU8(zip['natcon-registrations.json']!))).toHaveLength(1);
    const wrong = `kind=natcon&order=${order.orderNumber}&token=not-the-right-token`;
    expect((await api.request('GET', `/api/privacy/status-link?${wrong}`)).status).toBe(404);

    const form = new FormData();
    form.set('awardCategoryId', String(awards[0]!.id));
    form.set('nomineeKind', 'person');
    form.set('nomineeName', 'Someone Deserving');
    form.set('nominatorName', 'Kavita Das');
    form.set('nominatorEmail', `nominator-${stamp}@example.test`);
    form.set('writeUp', 'A leader who built a fair and humane workplace across three plants over ten years.');
    const nominated = await api.app.request('/api/natcon/nominations', { method: 'POST', body: form });
    expect(nominated.status).toBe(201);
    expect((await consentsOf(`nominator-${stamp}@example.test`)).map((c) => [c.purpose, c.method])).toEqual([
      ['award_nomination', 'award_nomination'],
    ]);
    await api.settle();
  });
});
