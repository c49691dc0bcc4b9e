import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { collectPersonData } from '../../src/server/domains/privacy/collect';
import { erasePerson } from '../../src/server/domains/privacy/erasure';
import { gatherPersonKeys } from '../../src/server/domains/privacy/person';
import type { DB } from '../../src/server/platform/db';
import { seedPerson, type SeededPerson } from './privacy-support';
import { applicationRow } from './joining-support';

let invoiceSerial = 0;

/** A tax invoice, an online payment's order, a refund and a matched bank line behind one payment. */
async function accountsFor(db: DB, person: SeededPerson, uploaderId: number) {
  const n = ++invoiceSerial;
  const invoice = await db
    .insertInto('gst_invoices')
    .values({
      payment_id: person.paymentId,
      number: `NIPM/27/${n}`,
      financial_year: 2027,
      serial: n,
      issued_at: '2027-05-01T05:00:00.000Z',
      issued_on: '2027-05-01',
      buyer_name: person.name,
      buyer_gstin: null,
      place_of_supply: '19',
      split: 'intra',
      taxable_value: 127_119,
      cgst: 11_441,
      sgst: 11_440,
      igst: 0,
      total: 150_000,
      content: JSON.stringify({ buyer: { name: person.name } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('gateway_orders')
    .values({
      payment_id: person.paymentId,
      gateway_order_id: `order_${person.tag}${n}`,
      amount: 150_000,
      currency: 'INR',
      return_path: `/membership/status?token=secret${n}`,
      created_at: '2027-05-01T05:00:00.000Z',
      updated_at: '2027-05-01T05:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('refunds')
    .values({
      payment_id: person.paymentId,
      amount: 100,
      reason: 'Paid a rupee too much',
      mode: 'bank_transfer',
      state: 'processed',
      created_at: '2027-05-02T05:00:00.000Z',
    })
    .execute();
  const statement = await db
    .insertInto('bank_statements')
    .values({ file_name: 'may.csv', uploaded_by: uploaderId, uploaded_at: '2027-05-03T05:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bank_statement_lines')
    .values({
      statement_id: statement.id,
      line_number: 1,
      narration: `UPI/${person.phone}@upi/${person.name}`,
      credit: 150_000,
      status: 'confirmed',
      payment_id: person.paymentId,
    })
    .execute();
  return invoice.id;
}

const BREACH = {
  description: 'A staff laptop holding a membership spreadsheet was stolen from a car.',
  occurredAt: '2027-06-01T18:30:00+05:30',
  foundAt: '2027-06-02T09:00:00Z',
  location: 'Kolkata national office, laptop of the membership desk',
  dataAffected: 'Names, e-mail addresses, phone numbers and member numbers.',
  consequences: 'You may receive phishing e-mails or calls that seem to come from NIPM.',
  measures: 'The laptop was wiped remotely and the police informed.',
  advice: 'Do not share passwords or payment details with anyone who calls claiming to be NIPM.',
  cause: null,
  findings: null,
  prevention: 'Spreadsheets of members are no longer kept on laptops.',
};

describeEachDatabase('the staff privacy desk: queue, breaches and the register of exports', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let asha: SeededPerson;
  let superToken: string;
  let adminToken: string;
  let adminId: number;
  let chapterId: number;
  let meeraId: number;

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    asha = await seedPerson(t.db, api.deps.storage, api.outboxDir, 'desk');
    superToken = (await createUser(t.db, { roleId: ROLE.superAdmin })).token;
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    adminToken = admin.token;
    adminId = admin.id;
    chapterId = (await createChapter(t.db)).id;
    meeraId = (
      await createMember(t.db, chapterId, { firstName: 'Meera', lastName: 'Iyer', email: 'meera.breach@example.test' })
    ).id;
    await createMember(t.db, chapterId, { firstName: 'Karan', lastName: 'Das', email: 'karan.breach@example.test' });
  });
  afterAll(() => t.drop());

  it('shows each request with its deadline and reminders, takes notes, and exports the queue', async () => {
    const created = await api.request('POST', '/api/me/privacy/requests', {
      token: asha.token,
      body: { kind: 'grievance', details: 'My renewal receipt is missing.' },
    });
    const { id } = (await created.json()).data;
    const note = await api.request('POST', `/api/admin/privacy/requests/${id}/note`, {
      token: adminToken,
      body: { note: 'Asked accounts for the receipt.' },
    });
    expect(note.status).toBe(200);
    const empty = await api.request('POST', `/api/admin/privacy/requests/${id}/note`, {
      token: adminToken,
      body: { note: '' },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields.note).toBeTruthy();
    const queue = (
      await (await api.request('GET', '/api/admin/privacy/requests?kind=grievance', { token: adminToken })).json()
    ).data;
    const row = queue.items.find((r: { id: number }) => r.id === id);
    expect(row.state).toBe('open');
    expect(row.deadline.daysLeft).toBe(90);
    expect(row.reminders.map((r: { day: number; sent: boolean }) => [r.day, r.sent])).toEqual([
      [60, false],
      [80, false],
    ]);
    expect(row.history.map((h: { action: string }) => h.action)).toEqual(['received', 'note']);

    const csv = await api.request('GET', '/api/admin/privacy/requests/export.csv?kind=grievance', {
      token: adminToken,
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('My renewal receipt is missing.');
    expect(text).toContain('60 days');

    const answered = await api.request('POST', `/api/admin/privacy/requests/${id}/answer`, {
      token: adminToken,
      body: { message: 'The receipt is attached to your portal now.' },
    });
    expect(answered.status).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'privacy_request')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'privacy.request_answered',
      'privacy.request_decided',
      'privacy.request_received',
    ]);
  });

  it('registers every staff CSV download: who, which list, the filters and the rows', async () => {
    const csv = await api.request('GET', '/api/admin/privacy/requests/export.csv?state=answered', {
      token: adminToken,
    });
    await csv.text();
    const register = await api.request('GET', '/api/admin/privacy/exports?list=privacy-requests', {
      token: superToken,
    });
    const { items, total } = (await register.json()).data;
    expect(total).toBe(2);
    expect(items[0]).toMatchObject({
      userId: adminId,
      list: 'privacy-requests',
      filters: { state: 'answered' },
      rows: 1,
    });
    expect(items[1]).toMatchObject({ filters: { kind: 'grievance' }, rows: 1 });

    const members = await api.request('GET', '/api/admin/members/export.csv', { token: adminToken });
    const lines = (await members.text()).trim().split('\r\n').length;
    const latest = (await (await api.request('GET', '/api/admin/privacy/exports', { token: adminToken })).json()).data
      .items[0];
    expect(latest).toMatchObject({ list: 'members', rows: lines - 1 });

    const asMember = await api.request('GET', '/api/admin/privacy/exports', { token: asha.token });
    expect(asMember.status).toBe(403);
    const registerCsv = await api.request('GET', '/api/admin/privacy/exports/export.csv', { token: adminToken });
    expect(await registerCsv.text()).toContain('privacy-requests');
  });

  it('records a breach, e-mails each person affected once, and produces the report to the Board', async () => {
    const asAdmin = await api.request('POST', '/api/admin/privacy/breaches', { token: adminToken, body: BREACH });
    expect(asAdmin.status).toBe(403);
    const bad = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, foundAt: 'yesterday', scope: { kind: 'members', memberIds: [] } },
    });
    expect(bad.status).toBe(400);
    const fields = (await bad.json()).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['foundAt', 'scope.memberIds']);

    await api.settle();
    const breachMails = () => api.outbox().filter((m) => m.includes('Subject: NIPM: a breach of your personal data'));
    const created = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'chapter', chapterId } },
    });
    expect(created.status).toBe(201);
    const breach = (await created.json()).data;
    expect(breach).toMatchObject({ affectedCount: 2, foundAt: '2027-06-02T09:00:00.000Z' });
    expect(breach.occurredAt).toBe('2027-06-01T13:00:00.000Z');
    expect(breach.boardDeadline.dueAt).toBe('2027-06-05T09:00:00.000Z');
    await api.settle();
    const mails = breachMails();
    expect(mails).toHaveLength(2);
    for (const to of ['meera.breach@example.test', 'karan.breach@example.test'])
      expect(mails.filter((m) => m.includes(`To: ${to}`))).toHaveLength(1);
    const mail = mails.find((m) => m.includes('meera.breach'))!.replace(/=\r?\n/g, '');
    for (const part of ['Dear Meera Iyer', 'stolen from a car', 'phishing', 'wiped remotely', 'Do not share passwords'])
      expect(mail).toContain(part);
    expect(mail).not.toContain('Karan');

    const detail = (
      await (await api.request('GET', `/api/admin/privacy/breaches/${breach.id}`, { token: superToken })).json()
    ).data;
    expect(detail.notifiedCount).toBe(2);
    const list = (await (await api.request('GET', '/api/admin/privacy/breaches', { token: superToken })).json()).data;
    expect(list.items.map((b: { id: number }) => b.id)).toEqual([breach.id]);

    const pdf = await api.request('GET', `/api/admin/privacy/breaches/${breach.id}/report.pdf`, {
      token: superToken,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const missing = await api.request('GET', '/api/admin/privacy/breaches/9999', { token: superToken });
    expect(missing.status).toBe(404);

    const reported = await api.request('POST', `/api/admin/privacy/breaches/${breach.id}/reported`, {
      token: superToken,
    });
    expect((await reported.json()).data.boardReportedAt).not.toBeNull();
    const twice = await api.request('POST', `/api/admin/privacy/breaches/${breach.id}/reported`, {
      token: superToken,
    });
    expect(twice.status).toBe(409);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'breach')
      .where('entity_id', '=', String(breach.id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'privacy.breach_notified',
      'privacy.breach_recorded',
      'privacy.breach_reported',
    ]);
  });

  it('exports the person’s invoices, online payments, refunds and bank lines; erasure keeps the invoice', async () => {
    const ravi = await seedPerson(t.db, api.deps.storage, api.outboxDir, 'deskb');
    const ashaInvoice = await accountsFor(t.db, asha, adminId);
    await accountsFor(t.db, ravi, adminId);
    const keys = await gatherPersonKeys(t.db, { userId: asha.userId });
    const { sections } = await collectPersonData(t.db, keys);
    const rows = (table: string) => sections.find((s) => s.source.table === table)!.rows;
    expect(rows('gst_invoices').map((r) => r.id)).toEqual([ashaInvoice]);
    expect(rows('gateway_orders')).toHaveLength(1);
    expect(rows('gateway_orders')[0]).not.toHaveProperty('return_path');
    expect(rows('refunds').map((r) => r.payment_id)).toEqual([asha.paymentId]);
    expect(rows('bank_statement_lines').map((r) => r.payment_id)).toEqual([asha.paymentId]);
    expect(JSON.stringify(sections)).not.toContain(ravi.email);
    expect(JSON.stringify(sections)).not.toContain(ravi.phone);

    await erasePerson(t.db, api.deps.storage, keys, { now: new Date(), actorUserId: null, reason: 'test' });
    const invoice = await t.db
      .selectFrom('gst_invoices')
      .select('buyer_name')
      .where('id', '=', ashaInvoice)
      .executeTakeFirstOrThrow();
    expect(invoice.buyer_name).toBe(asha.name);
    const line = await t.db
      .selectFrom('bank_statement_lines')
      .select('narration')
      .where('payment_id', '=', asha.paymentId)
      .executeTakeFirstOrThrow();
    expect(line.narration).not.toContain(asha.phone);
    const order = await t.db
      .selectFrom('gateway_orders')
      .select('return_path')
      .where('payment_id', '=', asha.paymentId)
      .executeTakeFirstOrThrow();
    expect(order.return_path).toBe('/');
    const raviLine = await t.db
      .selectFrom('bank_statement_lines')
      .select('narration')
      .where('payment_id', '=', ravi.paymentId)
      .executeTakeFirstOrThrow();
    expect(raviLine.narration).toContain(ravi.phone);
  });

  it('tells the buyers and delegates of a NATCON edition, and applicants not yet admitted, not the members', async () => {
    const buyer = await seedPerson(t.db, api.deps.storage, api.outboxDir, 'deskn');
    const order = await t.db
      .selectFrom('natcon_orders')
      .select(['id', 'edition_id'])
      .where('contact_email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    const colleague = `colleague.${Date.now().toString(36)}@example.test`;
    const first = await t.db
      .selectFrom('natcon_delegates')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('natcon_delegates')
      .values({
        ...first,
        id: undefined,
        position: 2,
        confirmation_number: `${first.confirmation_number}-2`,
        name: 'Colleague',
        email: colleague,
      })
      .execute();
    const applicant = `applicant.${Date.now().toString(36)}@example.test`;
    await t.db
      .insertInto('applications')
      .values(applicationRow(chapterId, { state: 'rejected', email: applicant }))
      .execute();
    const breachMailsTo = (email: string) =>
      api.outbox().filter((m) => m.includes('Subject: NIPM: a breach of your personal data') && m.includes(email));

    const natcon = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'natcon', editionId: order.edition_id } },
    });
    expect(natcon.status).toBe(201);
    // The buyer who is also the first delegate is told once; the second delegate too.
    expect((await natcon.json()).data.affectedCount).toBe(2);
    const applicants = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'applicants' } },
    });
    expect(applicants.status).toBe(201);
    await api.settle();
    expect(breachMailsTo(colleague)).toHaveLength(1);
    expect(breachMailsTo(applicant)).toHaveLength(1);
    const bad = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'natcon', editionId: 'all' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(['scope.editionId']);
  });

  it('tells the members an import wrote, and the members named', async () => {
    const named = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'members', memberIds: [meeraId, asha.memberId] } },
    });
    expect((await named.json()).data.affectedCount).toBe(1);
    const none = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'import', importId: 424242 } },
    });
    expect((await none.json()).data.affectedCount).toBe(0);
    await api.settle();
  });
});
