import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser } from '../support/fixtures';

const BREACH = {
  description: 'A staff laptop holding a membership spreadsheet was stolen from a car.',
  occurredAt: null,
  foundAt: '2027-06-02T09:00:00Z',
  location: 'Kolkata national office',
  dataAffected: 'Names, e-mail addresses and phone numbers.',
  consequences: 'You may receive phishing e-mails or calls that seem to come from NIPM.',
  measures: 'The laptop was wiped remotely and the police informed.',
  advice: 'Do not share passwords or payment details with anyone who calls claiming to be NIPM.',
  cause: null,
  findings: null,
  prevention: null,
};

/** The investigation goes on after the people were told: its findings are recorded, what they were told stays. */
describeEachDatabase('a breach’s investigation, recorded after the people affected were told', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let superToken: string;
  let adminToken: string;
  let chapterId: number;

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    superToken = (await createUser(t.db, { roleId: ROLE.superAdmin })).token;
    adminToken = (await createUser(t.db, { roleId: ROLE.admin })).token;
    chapterId = (await createChapter(t.db)).id;
    await createMember(t.db, chapterId, { firstName: 'Meera', lastName: 'Iyer', email: 'meera.inquiry@example.test' });
  });
  afterAll(() => t.drop());

  it('takes the findings from the super admin alone, keeps what people were told, and audits before and after', async () => {
    const created = await api.request('POST', '/api/admin/privacy/breaches', {
      token: superToken,
      body: { ...BREACH, scope: { kind: 'chapter', chapterId } },
    });
    expect(created.status).toBe(201);
    const breach = (await created.json()).data;
    await api.settle();

    const investigation = {
      occurredAt: '2027-06-01T12:30:00.000Z',
      location: 'Kolkata office, the accounts laptop',
      measures: 'Laptop wiped remotely; every staff password reset; disk encryption on every laptop.',
      cause: 'The laptop was left in a parked car; its disk was not encrypted.',
      findings: 'An unknown thief; the police report is FIR 123/2027.',
      prevention: 'Disk encryption enforced; laptops never left in vehicles.',
    };
    const path = `/api/admin/privacy/breaches/${breach.id}/investigation`;
    expect((await api.request('PUT', path, { token: adminToken, body: investigation })).status).toBe(403);
    expect((await api.request('PUT', path, { body: investigation })).status).toBe(401);

    // What the people were told cannot be rewritten here; a too-short field is refused beside it; nothing changes.
    const refused = await api.request('PUT', path, {
      token: superToken,
      body: { ...investigation, measures: 'done', description: 'Rewritten' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).error.fields).sort()).toEqual(['description', 'measures']);
    const unchanged = (
      await (await api.request('GET', `/api/admin/privacy/breaches/${breach.id}`, { token: superToken })).json()
    ).data;
    expect(unchanged).toMatchObject({ measures: BREACH.measures, cause: null, location: BREACH.location });

    const updated = await api.request('PUT', path, { token: superToken, body: investigation });
    expect(updated.status).toBe(200);
    expect((await updated.json()).data).toMatchObject({
      ...investigation,
      description: BREACH.description,
      advice: BREACH.advice,
      consequences: BREACH.consequences,
      affectedCount: 1,
      notifiedCount: 1,
    });
    const missing = await api.request('PUT', '/api/admin/privacy/breaches/9999/investigation', {
      token: superToken,
      body: investigation,
    });
    expect(missing.status).toBe(404);

    // Still open after the report went to the Board: the Board may ask for an update.
    await api.request('POST', `/api/admin/privacy/breaches/${breach.id}/reported`, { token: superToken });
    const later = await api.request('PUT', path, {
      token: superToken,
      body: { ...investigation, findings: 'A known thief, arrested on 10 June 2027.' },
    });
    expect((await later.json()).data).toMatchObject({ findings: 'A known thief, arrested on 10 June 2027.' });

    const changes = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'privacy.breach_updated')
      .where('entity_id', '=', String(breach.id))
      .orderBy('id')
      .execute();
    expect(changes).toHaveLength(2);
    const first = JSON.parse(changes[0]!.detail ?? '{}');
    expect(first.before).toMatchObject({ measures: BREACH.measures, cause: null, occurred_at: null });
    expect(first.after).toMatchObject({ cause: investigation.cause, occurred_at: investigation.occurredAt });
    expect(JSON.parse(changes[1]!.detail ?? '{}').before.findings).toBe(investigation.findings);
  });
});
