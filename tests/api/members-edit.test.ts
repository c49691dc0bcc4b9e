import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, type CreatedUser } from '../support/fixtures';
import { memberWith, userAt } from './members-support';

const NOW = new Date();

describeEachDatabase('Staff edit a member; a member edits their own details', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let west: { id: number };
  let asha: { id: number };
  let ravi: { id: number };
  let ashaUser: CreatedUser;
  let superAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;

  const call = async (method: string, url: string, user: CreatedUser | undefined, body?: unknown) => {
    const response = await api.request(method, url, { token: user?.token, body });
    return { status: response.status, body: await response.json() };
  };
  const member = (id: number) =>
    database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const audits = (action: string) =>
    database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = NOW;
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' });
    west = await createChapter(database.db, { region: 'West', name: 'Mumbai Chapter' });
    asha = await memberWith(database.db, east.id, { firstName: 'Asha', email: 'asha@example.test' });
    ravi = await memberWith(database.db, west.id, { firstName: 'Ravi' });
    ashaUser = await userAt(database.db, NOW, { roleId: '1', memberId: asha.id, email: 'asha@example.test' });
    superAdmin = await userAt(database.db, NOW, { roleId: '2' });
    chapterAdmin = await userAt(database.db, NOW, { roleId: '4', chapterId: east.id });
  });
  afterAll(() => database.drop());

  it('lets staff change details and class, audited with before and after', async () => {
    const answer = await call('PATCH', `/api/admin/members/${asha.id}`, superAdmin, {
      designation: 'HR Director',
      classCode: 'corporate',
      phone: '+91 98300 55555',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.changed.sort()).toEqual(['classCode', 'designation', 'phone']);
    expect(await member(asha.id)).toMatchObject({ designation: 'HR Director', membership_class: 'corporate' });
    const [entry] = await audits('member.updated');
    expect(entry).toMatchObject({ actor_user_id: superAdmin.id, entity: 'member', entity_id: String(asha.id) });
    expect(JSON.parse(entry.detail!)).toEqual({
      before: { designation: null, classCode: 'associate', phone: null },
      after: { designation: 'HR Director', classCode: 'corporate', phone: '+91 98300 55555' },
    });
  });

  it('moves a member to another chapter and keeps both in the history', async () => {
    const moved = await call('PATCH', `/api/admin/members/${ravi.id}`, superAdmin, {
      chapterId: east.id,
      transferNote: 'Moved to Kolkata for work',
    });
    expect(moved.status).toBe(200);
    const view = await call('GET', `/api/admin/members/${ravi.id}/staff-view`, chapterAdmin);
    expect(view.status).toBe(200);
    expect(view.body.data.transfers).toEqual([
      expect.objectContaining({ from: 'Mumbai Chapter', to: 'Kolkata Chapter', note: 'Moved to Kolkata for work' }),
    ]);
    const unknown = await call('PATCH', `/api/admin/members/${ravi.id}`, superAdmin, { chapterId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.chapterId).toBeDefined();
    // Back to Mumbai: now outside the Kolkata chapter admin's scope, a 404 like an unknown member.
    await call('PATCH', `/api/admin/members/${ravi.id}`, superAdmin, { chapterId: west.id });
    expect((await call('PATCH', `/api/admin/members/${ravi.id}`, chapterAdmin, { city: 'Pune' })).status).toBe(404);
    expect((await call('GET', `/api/admin/members/${ravi.id}/staff-view`, chapterAdmin)).status).toBe(404);
    expect((await call('POST', `/api/admin/members/${ravi.id}/notes`, chapterAdmin, { body: 'x' })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/members/999999', superAdmin, { city: 'Pune' })).status).toBe(404);
    expect((await member(ravi.id)).city).toBeNull();
  });

  it('keeps staff notes, newest first, with their author', async () => {
    expect(
      (await call('POST', `/api/admin/members/${asha.id}/notes`, chapterAdmin, { body: 'Called about dues.' })).status,
    ).toBe(201);
    const view = await call('GET', `/api/admin/members/${asha.id}/staff-view`, superAdmin);
    expect(view.body.data.notes[0]).toMatchObject({ body: 'Called about dues.', author: 'Test User 4' });
    expect((await call('POST', `/api/admin/members/${asha.id}/notes`, chapterAdmin, { body: '' })).status).toBe(400);
  });

  it('disables the account (its sessions end at once) and enables it again', async () => {
    expect((await call('GET', '/api/members/me', ashaUser)).status).toBe(200);
    const off = await call('POST', `/api/admin/members/${asha.id}/account`, chapterAdmin, { active: false });
    expect(off).toMatchObject({ status: 200, body: { data: { active: false } } });
    expect((await call('GET', '/api/members/me', ashaUser)).status).toBe(401);
    expect((await call('POST', `/api/admin/members/${asha.id}/password-reset`, superAdmin)).status).toBe(409);
    await call('POST', `/api/admin/members/${asha.id}/account`, chapterAdmin, { active: true });
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ashaUser.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ active: 1, token_version: 1 });
    expect((await audits('member.account_disabled')).length).toBe(1);
    expect((await audits('member.account_enabled')).length).toBe(1);
    ashaUser = { ...ashaUser, ...(await userAtVersion(ashaUser, 1)) };
  });

  async function userAtVersion(user: CreatedUser, tokenVersion: number) {
    const { signApiToken } = await import('../../src/server/domains/identity/token');
    const { TEST_SECRET } = await import('../support/api');
    return { token: await signApiToken({ userId: user.id, tokenVersion }, TEST_SECRET, 8 * 3600, NOW) };
  }

  it('e-mails the member a reset link on the staff’s request', async () => {
    const sent = await call('POST', `/api/admin/members/${asha.id}/password-reset`, superAdmin);
    expect(sent.status).toBe(200);
    await api.settle();
    const mail = api.outbox().at(-1)!;
    expect(mail).toContain('To: asha@example.test');
    expect(mail).toContain('Subject: Reset your NIPM password');
  });

  it('takes the record form as it is sent: an empty date of birth is none, a wrong one is refused', async () => {
    const empty = await call('PATCH', `/api/admin/members/${asha.id}`, superAdmin, {
      dateOfBirth: '',
      city: 'Kolkata',
    });
    expect(empty.status).toBe(200);
    expect(await member(asha.id)).toMatchObject({ date_of_birth: null, city: 'Kolkata' });
    // The register's search index follows an edit at once (SQLite: the FTS table's triggers).
    await call('PATCH', `/api/admin/members/${asha.id}`, superAdmin, { organisation: 'Durgapur Steel Plant' });
    const found = await call('GET', '/api/admin/members?q=durgapur%20steel', superAdmin);
    expect(found.body.data.items.map((i: { id: number }) => i.id)).toEqual([asha.id]);
    const wrong = await call('PATCH', `/api/admin/members/${asha.id}`, superAdmin, { dateOfBirth: '30/02/1980' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.dateOfBirth).toBe('Use a date written YYYY-MM-DD.');
  });

  it('lets a member correct their contact and professional details, audited', async () => {
    const answer = await call('PATCH', '/api/members/me', ashaUser, { city: 'Howrah', organisation: 'Coal India' });
    expect(answer.status).toBe(200);
    expect(await member(asha.id)).toMatchObject({ city: 'Howrah', organisation: 'Coal India' });
    expect((await audits('member.self_updated')).length).toBe(1);
  });

  it('refuses a member changing staff-only fields, and writes nothing', async () => {
    for (const body of [
      { firstName: 'Ashaa' },
      { dateOfBirth: '1990-01-01' },
      { classCode: 'life' },
      { chapterId: west.id },
      { paidThroughYear: 2040 },
      { city: 'Delhi', memberNumber: 'X' },
    ]) {
      const answer = await call('PATCH', '/api/members/me', ashaUser, body);
      expect(answer.status).toBe(400);
    }
    expect(await member(asha.id)).toMatchObject({ first_name: 'Asha', city: 'Howrah', membership_class: 'corporate' });
    const badPin = await call('PATCH', '/api/members/me', ashaUser, { pincode: '7000', email: 'nope' });
    expect(badPin.status).toBe(400);
    expect(Object.keys(badPin.body.error.fields).sort()).toEqual(['email', 'pincode']);
  });

  it('sends staff a change request for name, date of birth, class or chapter', async () => {
    const request = await call('POST', '/api/members/me/change-requests', ashaUser, {
      changes: { lastName: 'Sen Gupta' },
      reason: 'Married',
    });
    expect(request.status).toBe(201);
    expect((await member(asha.id)).last_name).toBe('Sen');
    const view = await call('GET', `/api/admin/members/${asha.id}/staff-view`, superAdmin);
    expect(view.body.data.changeRequests[0]).toMatchObject({
      changes: { lastName: 'Sen Gupta' },
      reason: 'Married',
      state: 'open',
    });
    const requestId = view.body.data.changeRequests[0].id;
    const url = `/api/admin/members/${asha.id}/change-requests/${requestId}`;
    expect((await call('POST', url, ashaUser, { state: 'done' })).status).toBe(403);
    expect((await call('POST', url, chapterAdmin, { state: 'done' })).status).toBe(200);
    expect((await call('POST', url, superAdmin, { state: 'declined' })).status).toBe(409);
    const own = await call('GET', '/api/members/me/change-requests', ashaUser);
    expect(own.status).toBe(200);
    expect(own.body.data[0]).toMatchObject({ id: requestId, changes: { lastName: 'Sen Gupta' }, state: 'done' });
    expect(own.body.data[0].decidedAt).toBeTruthy();
    expect((await call('GET', '/api/members/me/change-requests', chapterAdmin)).status).toBe(403);
    expect((await call('GET', '/api/members/me/change-requests', undefined)).status).toBe(401);
    expect(
      (await call('POST', `/api/admin/members/${asha.id}/change-requests/999999`, superAdmin, { state: 'done' }))
        .status,
    ).toBe(404);
    expect((await call('POST', '/api/members/me/change-requests', ashaUser, { changes: {} })).status).toBe(400);
    expect((await call('POST', '/api/members/me/change-requests', ashaUser, { changes: { city: 'x' } })).status).toBe(
      400,
    );
  });

  it('follows a changed e-mail in the sign-in account, refusing one another account has', async () => {
    await userAt(database.db, NOW, { roleId: '3', email: 'taken@example.test' });
    const taken = await call('PATCH', `/api/admin/members/${asha.id}`, superAdmin, { email: 'taken@example.test' });
    expect(taken.status).toBe(409);
    const moved = await call('PATCH', '/api/members/me', ashaUser, { email: 'Asha.New@Example.test' });
    expect(moved.status).toBe(200);
    const account = await database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ashaUser.id)
      .executeTakeFirstOrThrow();
    expect(account.email).toBe('asha.new@example.test');
  });

  it('answers each route by role: 401 for strangers and forged tokens, 403 for the wrong roles', async () => {
    const staffRoutes: [string, string, unknown?][] = [
      ['PATCH', `/api/admin/members/${asha.id}`, { city: 'Kolkata' }],
      ['GET', `/api/admin/members/${asha.id}/staff-view`],
      ['POST', `/api/admin/members/${asha.id}/notes`, { body: 'A note' }],
      ['POST', `/api/admin/members/${asha.id}/account`, { active: true }],
    ];
    const contentAdmin = await userAt(database.db, NOW, { roleId: '3' });
    const admin = await userAt(database.db, NOW, { roleId: '5' });
    for (const [method, url, body] of staffRoutes) {
      expect((await call(method, url, undefined, body)).status).toBe(401);
      expect((await call(method, url, { ...admin, token: 'forged' }, body)).status).toBe(401);
      expect((await call(method, url, ashaUser, body)).status).toBe(403);
      expect((await call(method, url, contentAdmin, body)).status).toBe(403);
      for (const staff of [superAdmin, chapterAdmin, admin])
        expect((await call(method, url, staff, body)).status).toBeLessThan(300);
    }
    for (const staff of [superAdmin, contentAdmin, chapterAdmin, admin]) {
      expect((await call('PATCH', '/api/members/me', staff, { city: 'x' })).status).toBe(403);
      expect(
        (await call('POST', '/api/members/me/change-requests', staff, { changes: { lastName: 'x' } })).status,
      ).toBe(403);
    }
    expect((await call('PATCH', '/api/members/me', undefined, { city: 'x' })).status).toBe(401);
  });
});
