import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSFER_RULE } from '../../src/lib/schemas/transfers';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, type CreatedUser } from '../support/fixtures';
import { memberWith, userAt } from './members-support';

const NOW = new Date();

/**
 * Chapter transfers (issue 28, item 4): asked by the member or recorded by staff, approved or refused
 * by the national office, everyone concerned told; a chapter admin cannot move a member alone.
 */
describeEachDatabase('Chapter transfers', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let west: { id: number };
  let asha: { id: number };
  let ravi: { id: number };
  let ashaUser: CreatedUser;
  let superAdmin: CreatedUser;
  let nationalAdmin: CreatedUser;
  let eastAdmin: CreatedUser;
  let westAdmin: CreatedUser;

  const call = async (method: string, url: string, user: CreatedUser | undefined, body?: unknown) => {
    const response = await api.request(method, url, { token: user?.token, body });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  };
  const chapterOf = async (id: number) =>
    (await database.db.selectFrom('members').select('chapter_id').where('id', '=', id).executeTakeFirstOrThrow())
      .chapter_id;
  const noticesOf = (userId: number) =>
    database.db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select(['n.title', 'n.message'])
      .where('r.user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata' });
    west = await createChapter(database.db, { region: 'West', name: 'Mumbai' });
    asha = await memberWith(database.db, east.id, { firstName: 'Asha', email: 'asha@example.test' });
    ravi = await memberWith(database.db, east.id, { firstName: 'Ravi' });
    ashaUser = await userAt(database.db, NOW, { roleId: '1', memberId: asha.id, email: 'asha@example.test' });
    superAdmin = await userAt(database.db, NOW, { roleId: '2' });
    nationalAdmin = await userAt(database.db, NOW, { roleId: '5' });
    eastAdmin = await userAt(database.db, NOW, { roleId: '4', chapterId: east.id, email: 'east@example.test' });
    westAdmin = await userAt(database.db, NOW, { roleId: '4', chapterId: west.id, email: 'west@example.test' });
  });
  afterAll(() => database.drop());

  it('refuses a chapter admin moving a member directly, with how transfers work, and moves nothing', async () => {
    const answer = await call('PATCH', `/api/admin/members/${asha.id}`, eastAdmin, { chapterId: west.id });
    expect(answer.status).toBe(403);
    expect(answer.body.error.message).toBe(TRANSFER_RULE);
    expect(await chapterOf(asha.id)).toBe(east.id);
    // The same chapter is no move: the rest of the edit goes through.
    const same = await call('PATCH', `/api/admin/members/${asha.id}`, eastAdmin, {
      chapterId: east.id,
      city: 'Howrah',
    });
    expect(same.status).toBe(200);
  });

  it('takes a member’s request once, checks the chapter, and shows it pending in the register', async () => {
    const bad = await call('POST', '/api/members/me/transfer-requests', ashaUser, { toChapterId: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.toChapterId).toBe('Choose a chapter.');
    const same = await call('POST', '/api/members/me/transfer-requests', ashaUser, { toChapterId: east.id });
    expect(same.body.error.fields.toChapterId).toBe('The member is already in this chapter.');
    const asked = await call('POST', '/api/members/me/transfer-requests', ashaUser, {
      toChapterId: west.id,
      reason: 'Moving to Mumbai for work',
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({
      state: 'pending',
      fromChapter: { id: east.id, name: 'Kolkata' },
      toChapter: { id: west.id, name: 'Mumbai' },
      reason: 'Moving to Mumbai for work',
    });
    const again = await call('POST', '/api/members/me/transfer-requests', ashaUser, { toChapterId: west.id });
    expect(again.status).toBe(409);
    const own = await call('GET', '/api/members/me/transfer-requests', ashaUser);
    expect(own.body.data).toHaveLength(1);
    const register = await call('GET', '/api/admin/members?q=Asha', eastAdmin);
    expect(register.body.data.items[0]).toMatchObject({ id: asha.id, pendingTransferTo: 'Mumbai' });
    const csv = await call('GET', '/api/admin/members/export.csv?q=Asha', eastAdmin);
    expect(csv.body).toContain('Transfer pending to');
    expect(csv.body).toContain('Mumbai');
  });

  it('lets a chapter admin record a request for their own members only; one pending at a time, even at once', async () => {
    const stranger = await call('POST', '/api/admin/transfers', westAdmin, { memberId: ravi.id, toChapterId: west.id });
    expect(stranger.status).toBe(404);
    // An id past the databases' integer columns is refused as input (it once reached PostgreSQL: a 500).
    const beyond = await call('POST', '/api/admin/transfers', eastAdmin, {
      memberId: 2_147_483_648,
      toChapterId: west.id,
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.fields).toEqual({ memberId: 'Choose a member.' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/admin/transfers', eastAdmin, { memberId: ravi.id, toChapterId: west.id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await database.db
      .selectFrom('transfer_requests')
      .selectAll()
      .where('member_id', '=', ravi.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'pending', requested_by: eastAdmin.id });
  });

  it('lists the requests for roles 2 and 5 only, filtered, with a CSV', async () => {
    expect((await call('GET', '/api/admin/transfers', eastAdmin)).status).toBe(403);
    expect((await call('GET', '/api/admin/transfers', ashaUser)).status).toBe(403);
    const all = await call('GET', '/api/admin/transfers?state=pending&chapterId=' + west.id, nationalAdmin);
    expect(all.body.data.total).toBe(2);
    const one = await call('GET', '/api/admin/transfers?q=Ravi', superAdmin);
    expect(one.body.data.items.map((t: { memberId: number }) => t.memberId)).toEqual([ravi.id]);
    const none = await call('GET', '/api/admin/transfers?state=approved', superAdmin);
    expect(none.body.data.total).toBe(0);
    const csv = await call('GET', '/api/admin/transfers/export.csv?state=pending', nationalAdmin);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Moving to Mumbai for work');
  });

  it('approves once: the member moves, the history and audit are written, and everyone concerned is told', async () => {
    const [request] = (await call('GET', '/api/admin/transfers?q=Asha', nationalAdmin)).body.data.items;
    expect(
      (await call('POST', `/api/admin/transfers/${request.id}/decision`, eastAdmin, { decision: 'approve' })).status,
    ).toBe(403);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call('POST', `/api/admin/transfers/${request.id}/decision`, nationalAdmin, { decision: 'approve' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await chapterOf(asha.id)).toBe(west.id);
    const history = await database.db
      .selectFrom('member_transfers')
      .selectAll()
      .where('member_id', '=', asha.id)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      from_chapter_id: east.id,
      to_chapter_id: west.id,
      by_user_id: nationalAdmin.id,
    });
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.transfer_approved')
      .execute();
    expect(audit).toHaveLength(1);
    await api.settle();
    expect((await noticesOf(ashaUser.id)).map((n) => n.title)).toContain('Your chapter transfer is approved');
    for (const admin of [eastAdmin, westAdmin]) {
      expect((await noticesOf(admin.id)).map((n) => n.title)).toContain(
        `Transfer approved: ${request.memberName} (${request.memberNumber})`,
      );
    }
    const mail = api.outbox().join('\n');
    expect(mail).toContain('To: asha@example.test');
    expect(mail).toContain('To: east@example.test');
    expect(mail).toContain('To: west@example.test');
    // The west admin now sees Asha; the east admin no longer does.
    expect((await call('GET', `/api/members/${asha.id}`, westAdmin)).status).toBe(200);
    expect((await call('GET', `/api/members/${asha.id}`, eastAdmin)).status).toBe(404);
  });

  it('refuses only with a reason the member is told, and moves nothing', async () => {
    const [request] = (await call('GET', '/api/admin/transfers?q=Ravi', superAdmin)).body.data.items;
    const bare = await call('POST', `/api/admin/transfers/${request.id}/decision`, superAdmin, { decision: 'refuse' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields.note).toBeDefined();
    const refused = await call('POST', `/api/admin/transfers/${request.id}/decision`, superAdmin, {
      decision: 'refuse',
      note: 'Ask again with a letter from the employer.',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({
      state: 'refused',
      decisionNote: 'Ask again with a letter from the employer.',
    });
    expect(await chapterOf(ravi.id)).toBe(east.id);
    const missing = await call('POST', '/api/admin/transfers/999999/decision', superAdmin, { decision: 'approve' });
    expect(missing.status).toBe(404);
    const register = await call('GET', '/api/admin/members?q=Ravi', eastAdmin);
    expect(register.body.data.items[0].pendingTransferTo).toBeNull();
    await api.settle();
  });
});
