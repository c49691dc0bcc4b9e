import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { recordConsents } from '../../src/server/domains/privacy/consents';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser } from '../support/fixtures';
import { seedPerson, type SeededPerson } from './privacy-support';

describeEachDatabase('the member’s privacy API and the staff desk', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let asha: SeededPerson;
  let staffToken: string;

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    asha = await seedPerson(t.db, api.deps.storage, api.outboxDir, 'api');
    staffToken = (await createUser(t.db, { roleId: ROLE.admin })).token;
  });
  afterAll(() => t.drop());

  it('prepares the member’s ZIP as a job and lets them download it', async () => {
    const start = await api.request('POST', '/api/me/privacy/export', { token: asha.token });
    expect(start.status).toBe(202);
    await api.settle();
    const state = await (await api.request('GET', '/api/me/privacy/export', { token: asha.token })).json();
    expect(state.data).toEqual({ state: 'ready', url: '/api/me/privacy/export/file' });
    const file = await api.request('GET', '/api/me/privacy/export/file', { token: asha.token });
    expect(file.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(JSON.parse(strFromU8(zip['member-record.json']!))[0].email).toBe(asha.email);
  });

  it('withdraws the optional consent with one call, and refuses a needed one', async () => {
    await recordConsents(t.db, { email: asha.email, userId: asha.userId }, ['membership'], {
      now: new Date(),
      ip: null,
      method: 'application',
    });
    const withdrawn = await api.request('DELETE', '/api/me/privacy/consents/newsletter', { token: asha.token });
    expect((await withdrawn.json()).data).toEqual({ withdrawn: 1 });
    const needed = await api.request('DELETE', '/api/me/privacy/consents/membership', { token: asha.token });
    expect(needed.status).toBe(400);
    const own = (await (await api.request('GET', '/api/me/privacy', { token: asha.token })).json()).data;
    expect(own.consents.find((c: { purpose: string }) => c.purpose === 'newsletter').withdrawnAt).not.toBeNull();
  });

  it('takes a nominee and an erasure request that staff approve, after which the account is gone', async () => {
    const nominee = await api.request('PUT', '/api/me/privacy/nominee', {
      token: asha.token,
      body: { name: 'Ravi Rao', relation: 'Brother', email: 'ravi@example.test', phone: null },
    });
    expect(nominee.status).toBe(200);
    const bad = await api.request('POST', '/api/me/privacy/requests', { token: asha.token, body: { kind: 'erasure' } });
    expect(bad.status).toBe(400);
    const created = await api.request('POST', '/api/me/privacy/requests', {
      token: asha.token,
      body: { kind: 'erasure', details: 'Please erase my data.' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()).data;

    const forbidden = await api.request('GET', '/api/admin/privacy/requests', { token: asha.token });
    expect(forbidden.status).toBe(403);
    const queue = (
      await (
        await api.request('GET', '/api/admin/privacy/requests?kind=erasure&state=open', { token: staffToken })
      ).json()
    ).data;
    expect(queue.items.map((r: { id: number }) => r.id)).toContain(id);
    expect(queue.items[0].deadline.daysLeft).toBe(90);

    const approve = await api.request('POST', `/api/admin/privacy/requests/${id}/approve`, {
      token: staffToken,
      body: { note: 'Identity checked.' },
    });
    expect(approve.status).toBe(200);
    const again = await api.request('POST', `/api/admin/privacy/requests/${id}/approve`, {
      token: staffToken,
      body: {},
    });
    expect(again.status).toBe(409);
    const member = await t.db
      .selectFrom('members')
      .select(['email', 'erased_at'])
      .where('id', '=', asha.memberId)
      .executeTakeFirstOrThrow();
    expect(member.email).not.toBe(asha.email);
    const after = await api.request('GET', '/api/me/privacy', { token: asha.token });
    expect(after.status).toBe(401);
  });
});
