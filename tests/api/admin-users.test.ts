import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoleId } from '../../src/lib/roles';
import { updateUser } from '../../src/server/domains/identity/staff-users';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { decodeQuotedPrintable as decoded } from '../support/mail';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

type Body = { success: boolean; data: any; error?: { code: string; fields?: Record<string, string> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (response: Response) => (await response.json()) as Body;

describeEachDatabase('Staff accounts and activity log API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let others: Record<RoleId, CreatedUser>;
  let chapter: { id: number };
  let closed: { id: number };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    chapter = await createChapter(db, { code: 'DEL' });
    closed = await createChapter(db, { code: 'OLD' });
    await db.updateTable('chapters').set({ active: 0 }).where('id', '=', closed.id).execute();
    const record = await createMember(db, chapter.id);
    superAdmin = await createUser(db, { roleId: '2', name: 'Super One' });
    others = {
      '1': await createUser(db, { roleId: '1', memberId: record.id }),
      '2': superAdmin,
      '3': await createUser(db, { roleId: '3' }),
      '4': await createUser(db, { roleId: '4', chapterId: chapter.id }),
      '5': await createUser(db, { roleId: '5' }),
    };
  });
  afterAll(() => database.drop());

  const patch = (id: number, body: unknown, token = superAdmin.token) =>
    api.request('PATCH', `/api/admin/users/${id}`, { token, body });

  it('is for the super admin only, on every route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/export.csv'],
      ['POST', '/api/admin/users', { name: 'X', email: 'x@example.test', roleId: '3' }],
      ['PATCH', `/api/admin/users/${others['3'].id}`, { active: false }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit/export.csv'],
      ['GET', '/api/admin/audit/actions'],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
      for (const roleId of ['1', '3', '4', '5'] as RoleId[]) {
        const answer = await api.request(method, url, { token: others[roleId].token, body });
        expect(answer.status, `${method} ${url} as ${roleId}`).toBe(403);
      }
    }
    const list = await json(await api.request('GET', '/api/admin/users?sort=name', { token: superAdmin.token }));
    expect(list.data.total).toBe(5);
    const memberRow = list.data.items.find((u: { roleId: string }) => u.roleId === '1');
    expect(memberRow.memberId).toBe(others['1'].memberId);
    expect(memberRow.chapter.code).toBe('DEL');
    const search = await json(await api.request('GET', '/api/admin/users?q=super%20one', { token: superAdmin.token }));
    expect(search.data.items.map((u: { id: number }) => u.id)).toEqual([superAdmin.id]);
    const csv = await (
      await api.request('GET', '/api/admin/users/export.csv?roleId=4', { token: superAdmin.token })
    ).text();
    expect(csv.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('invites a staff member with a set-password link that works once', async () => {
    const missingChapter = await api.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'Chapter Person', email: 'cp@example.test', roleId: '4' },
    });
    expect((await json(missingChapter)).error?.fields).toHaveProperty('chapterId');
    const closedChapter = await api.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'Chapter Person', email: 'cp@example.test', roleId: '4', chapterId: closed.id },
    });
    expect(closedChapter.status).toBe(400);
    const memberRole = await api.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'M', email: 'm@example.test', roleId: '1' },
    });
    expect((await json(memberRole)).error?.fields).toHaveProperty('roleId');

    const invited = await api.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'Neha Content', email: 'Neha@Example.test', roleId: '3' },
    });
    expect(invited.status).toBe(201);
    const user = (await json(invited)).data;
    expect(user).toMatchObject({ email: 'neha@example.test', roleId: '3', active: true, lastLoginAt: null });
    const twice = await api.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'Neha Again', email: 'neha@example.test', roleId: '5' },
    });
    expect(twice.status).toBe(409);

    const mail = decoded(api.outbox().find((m) => m.includes('To: neha@example.test'))!);
    expect(mail).toContain('Subject: Your NIPM staff account');
    const token = /reset-password\?token=([\w-]+)/.exec(mail)![1];
    const set = await api.request('POST', '/api/password/reset', { body: { token, password: 'Invited@Staff2026' } });
    expect(await set.json()).toMatchObject({ success: true });
    const signIn = await api.request('POST', '/api/sessions', {
      body: { email: 'neha@example.test', password: 'Invited@Staff2026' },
    });
    expect(signIn.status).toBe(200);
    const again = await api.request('POST', '/api/password/reset', { body: { token, password: 'Other@Staff2026' } });
    expect(again.status).toBe(400);
  });

  it('ends a disabled user’s sessions at once and lets them back when enabled', async () => {
    const target = others['5'];
    expect((await api.request('GET', '/api/me', { token: target.token })).status).toBe(200);
    const off = await patch(target.id, { active: false });
    expect((await json(off)).data.active).toBe(false);
    expect((await api.request('GET', '/api/me', { token: target.token })).status).toBe(401);
    const refused = await api.request('POST', '/api/sessions', {
      body: { email: target.email, password: target.password },
    });
    expect(refused.status).toBe(401);
    await patch(target.id, { active: true });
    const back = await api.request('POST', '/api/sessions', {
      body: { email: target.email, password: target.password },
    });
    expect(back.status).toBe(200);
    // The old token stays dead: enabling does not revive it.
    expect((await api.request('GET', '/api/me', { token: target.token })).status).toBe(401);
  });

  it('changes role and chapter, ending the sessions; refuses member accounts', async () => {
    const target = await createUser(database.db, { roleId: '3' });
    const noChapter = await patch(target.id, { roleId: '4' });
    expect((await json(noChapter)).error?.fields).toHaveProperty('chapterId');
    const made = await json(await patch(target.id, { roleId: '4', chapterId: chapter.id }));
    expect(made.data).toMatchObject({ roleId: '4', chapter: { id: chapter.id } });
    expect((await api.request('GET', '/api/me', { token: target.token })).status).toBe(401);
    const back = await json(await patch(target.id, { roleId: '5' }));
    expect(back.data.chapter).toBeNull();
    expect((await patch(target.id, { chapterId: chapter.id })).status).toBe(400);
    expect((await patch(others['1'].id, { roleId: '3' })).status).toBe(409);
    expect((await patch(999999, { active: false })).status).toBe(404);
    expect((await patch(target.id, { roleId: '1' })).status).toBe(400);
    expect((await patch(target.id, { nonsense: 1 })).status).toBe(400);
  });

  it('never disables or demotes oneself or the last active super admin', async () => {
    expect((await json(await patch(superAdmin.id, { active: false }))).error?.fields).toHaveProperty('active');
    expect((await json(await patch(superAdmin.id, { roleId: '5' }))).error?.fields).toHaveProperty('roleId');
    const second = await createUser(database.db, { roleId: '2' });
    // Another super admin may demote the first while two are active, but not the last one left.
    expect((await patch(superAdmin.id, { roleId: '5' }, second.token)).status).toBe(200);
    // The demoted super admin's session ended with the change.
    expect((await patch(second.id, { active: false }, superAdmin.token)).status).toBe(401);
    await database.db.updateTable('users').set({ role_id: 2 }).where('id', '=', superAdmin.id).execute();
    const fresh = await api.request('POST', '/api/sessions', {
      body: { email: superAdmin.email, password: superAdmin.password },
    });
    superAdmin = { ...superAdmin, token: (await json(fresh)).data.token };
    expect((await patch(second.id, { active: false })).status).toBe(200);
    // Through the API only a super admin changes accounts, so the last one is the caller (above) or
    // loses a race (below); the service refuses it whoever asks.
    const context = { actorId: 0, ip: '127.0.0.1', siteUrl: 'http://localhost', now: new Date() };
    for (const changes of [{ active: false }, { roleId: '3' as const }]) {
      const refused = await updateUser(database.db, superAdmin.id, changes, context);
      expect(refused).toMatchObject({ ok: false, kind: 'conflict' });
    }
  });

  it('lets only one of two super admins disabling each other at once succeed', async () => {
    const a = await createUser(database.db, { roleId: '2' });
    const b = await createUser(database.db, { roleId: '2' });
    // Only a and b (and the main super admin) are active super admins: leave just a and b.
    await database.db
      .updateTable('users')
      .set({ active: 0 })
      .where('role_id', '=', 2)
      .where('id', 'not in', [a.id, b.id])
      .execute();
    const answers = await Promise.all([
      patch(b.id, { active: false }, a.token),
      patch(a.id, { active: false }, b.token),
    ]);
    // One wins; the other is refused, by the rule (409) or because its caller was just disabled (401).
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const active = await database.db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', 2)
      .where('active', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
    await database.db.updateTable('users').set({ active: 1 }).where('id', '=', superAdmin.id).execute();
  });

  it('sends a reset link and logs every change with before and after, read-only', async () => {
    const target = others['3'];
    const sent = await patch(target.id, { sendResetLink: true });
    expect(sent.status).toBe(200);
    const mails = api.outbox().map(decoded);
    expect(mails.some((m) => m.includes(`To: ${target.email}`) && m.includes('reset-password?token='))).toBe(true);
    const log = await json(
      await api.request('GET', `/api/admin/audit?record=user:${others['5'].id}`, { token: superAdmin.token }),
    );
    const changes = log.data.items.filter((e: { action: string }) => e.action === 'staff.user_updated');
    expect(changes).toHaveLength(2);
    expect(changes[1].detail.before.active).toBe(true);
    expect(changes[1].detail.after.active).toBe(false);
    expect(changes[1].actor.id).toBe(superAdmin.id);
    const signIns = await json(await api.request('GET', '/api/admin/audit?action=auth.', { token: superAdmin.token }));
    expect(signIns.data.items.length).toBeGreaterThan(0);
    expect(signIns.data.items.every((e: { action: string }) => e.action.startsWith('auth.'))).toBe(true);
    const byUser = await json(
      await api.request('GET', `/api/admin/audit?userId=${superAdmin.id}&pageSize=5`, { token: superAdmin.token }),
    );
    expect(byUser.data.items.every((e: { actor: { id: number } }) => e.actor.id === superAdmin.id)).toBe(true);
    // Staff look people up by name or e-mail, not by a number they cannot see.
    const byEmail = await json(
      await api.request('GET', `/api/admin/audit?user=${encodeURIComponent(superAdmin.email.toUpperCase())}`, {
        token: superAdmin.token,
      }),
    );
    expect(byEmail.data.total).toBeGreaterThan(0);
    expect(byEmail.data.items.every((e: { actor: { id: number } }) => e.actor.id === superAdmin.id)).toBe(true);
    const nobody = await json(
      await api.request('GET', '/api/admin/audit?user=no_such%25person', { token: superAdmin.token }),
    );
    expect(nobody.data.total).toBe(0);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await json(
      await api.request('GET', `/api/admin/audit?from=${tomorrow}`, { token: superAdmin.token }),
    );
    expect(future.data.total).toBe(0);
    expect((await api.request('GET', '/api/admin/audit?from=2026-02-30', { token: superAdmin.token })).status).toBe(
      400,
    );
    const csv = await (
      await api.request('GET', '/api/admin/audit/export.csv?action=staff.user_invited', { token: superAdmin.token })
    ).text();
    expect(csv).toContain('neha@example.test');
    // No route writes to the log: every other method on it is unknown.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await api.request(method, '/api/admin/audit', { token: superAdmin.token, body: {} });
      expect(answer.status, method).toBe(404);
      expect((await api.request(method, '/api/admin/audit/1', { token: superAdmin.token, body: {} })).status).toBe(404);
    }
  });
});
