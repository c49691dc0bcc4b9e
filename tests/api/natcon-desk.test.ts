import { afterAll, beforeAll, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import type { RoleId } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';

interface Answer {
  success: boolean;
  data: Record<string, unknown> & {
    id: number;
    orderNumber: string;
    statusToken: string;
    state: string;
    alreadyCheckedIn: boolean;
    checkedInAt: string;
    total: number;
    items: { id: number; orderNumber: string; state: string; reference: string }[];
    delegates: { id: number; confirmationNumber: string; category: string; studentIdUploaded: boolean }[];
  };
  error?: { code: string; message: string; fields?: Record<string, string> };
}
const json = async (response: Response) => (await response.json()) as Answer;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describeEachDatabase('NATCON desk API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let users: Record<RoleId, CreatedUser>;
  let otherChapterAdmin: CreatedUser;
  let disabled: CreatedUser;
  let categories: { id: number; name: string }[];
  let award: { id: number };
  let memberOrder: Answer['data'];
  let plainOrder: Answer['data'];

  const register = async (body: unknown) => json(await api.request('POST', '/api/natcon/registrations', { body }));
  const multipart = (url: string, form: FormData) => api.app.request(url, { method: 'POST', body: form });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const db = database.db;
    const chapter = await createChapter(db);
    const otherChapter = await createChapter(db);
    const record = await createMember(db, chapter.id, { email: 'desk.member@example.test' });
    await db.updateTable('members').set({ membership_class: 'life' }).where('id', '=', record.id).execute();
    users = {
      '1': await createUser(db, { roleId: '1', memberId: record.id }),
      '2': await createUser(db, { roleId: '2' }),
      '3': await createUser(db, { roleId: '3' }),
      '4': await createUser(db, { roleId: '4', chapterId: chapter.id }),
      '5': await createUser(db, { roleId: '5' }),
    };
    otherChapterAdmin = await createUser(db, { roleId: '4', chapterId: otherChapter.id });
    disabled = await createUser(db, { roleId: '2', active: false });
    let awards;
    ({ categories, awards } = await createEdition(db, {
      categories: [
        { name: 'Non-member', fee: 1_000_000, seats: 3 },
        { name: 'NIPM member', fee: 600_000, seats: 10, memberRate: true },
        { name: 'Student', fee: 200_000, seats: 10, studentRate: true },
      ],
      awards: [
        { name: 'HR Leader of the Year', nomineeKind: 'person' },
        { name: 'Best Employer', nomineeKind: 'organisation' },
      ],
    }));
    award = awards[0];
    memberOrder = (
      await register(
        registration(
          categories[1].id,
          [delegate({ memberNumber: record.member_number, email: 'desk.member@example.test' })],
          {
            organisation: 'Member Works',
          },
        ),
      )
    ).data;
    plainOrder = (
      await register(registration(categories[0].id, [delegate(), delegate()], { organisation: 'Plain Co' }))
    ).data;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('lets each role reach only its routes', async () => {
    const acting: RoleId[] = ['2', '5'];
    const desk: RoleId[] = ['2', '4', '5'];
    const superOnly: RoleId[] = ['2'];
    // Allowed callers get past the guard to the body check (400), so nothing changes here.
    const routes: [string, string, unknown, RoleId[]][] = [
      ['GET', '/api/admin/natcon/editions', undefined, desk],
      ['POST', '/api/admin/natcon/editions', {}, superOnly],
      ['PUT', '/api/admin/natcon/editions/1', {}, superOnly],
      ['POST', '/api/admin/natcon/editions/1/categories', {}, superOnly],
      ['PATCH', '/api/admin/natcon/categories/1', {}, superOnly],
      ['POST', '/api/admin/natcon/editions/1/award-categories', {}, superOnly],
      ['DELETE', '/api/admin/natcon/categories/abc', undefined, superOnly],
      ['PATCH', '/api/admin/natcon/award-categories/1', {}, superOnly],
      ['DELETE', '/api/admin/natcon/award-categories/abc', undefined, superOnly],
      ['GET', '/api/admin/natcon/registrations', undefined, desk],
      ['GET', '/api/admin/natcon/registrations/export.csv', undefined, desk],
      ['GET', `/api/admin/natcon/registrations/${memberOrder.id}`, undefined, desk],
      ['POST', `/api/admin/natcon/registrations/${plainOrder.id}/cancel`, {}, acting],
      ['POST', `/api/admin/natcon/registrations/abc/promote`, undefined, acting],
      ['POST', `/api/admin/natcon/delegates/${plainOrder.delegates[0].id}/move`, {}, acting],
      ['GET', `/api/admin/natcon/delegates/abc/student-id`, undefined, acting],
      ['GET', `/api/admin/natcon/totals?editionId=${categories[0].id}`, undefined, desk],
      ['GET', '/api/admin/natcon/nominations', undefined, acting],
      ['GET', '/api/admin/natcon/nominations/export.csv', undefined, acting],
      ['PATCH', '/api/admin/natcon/nominations/1', {}, acting],
      ['GET', '/api/admin/natcon/nominations/abc/file', undefined, acting],
      ['POST', '/api/admin/natcon/check-ins', {}, acting],
      ['GET', '/api/admin/natcon/check-ins', undefined, acting],
      ['GET', '/api/admin/natcon/check-ins/export.csv', undefined, acting],
    ];
    const forged = await signApiToken(
      { userId: users['2'].id, tokenVersion: 0 },
      'not-the-secret-0123456789abcdefghij',
      3600,
    );
    const expired = await signApiToken({ userId: users['2'].id, tokenVersion: 0 }, TEST_SECRET, -10);
    for (const [method, url, body, allowed] of routes) {
      expect((await api.request(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await api.request(method, url, { body, token: forged })).status, `${method} ${url} forged`).toBe(401);
      expect((await api.request(method, url, { body, token: expired })).status, `${method} ${url} expired`).toBe(401);
      expect(
        (await api.request(method, url, { body, token: disabled.token })).status,
        `${method} ${url} disabled`,
      ).toBe(401);
      for (const role of ['1', '2', '3', '4', '5'] as RoleId[]) {
        const status = (await api.request(method, url, { body, token: users[role].token })).status;
        if (allowed.includes(role)) expect([200, 400], `${method} ${url} role ${role}`).toContain(status);
        else expect(status, `${method} ${url} role ${role}`).toBe(403);
      }
    }
    const order = await json(
      await api.request('GET', `/api/admin/natcon/registrations/${plainOrder.id}`, { token: users['2'].token }),
    );
    expect(order.data.state).toBe('confirmed');
  });

  it('shows a chapter admin only the registrations of its chapter’s members, read-only', async () => {
    const own = await json(await api.request('GET', '/api/admin/natcon/registrations', { token: users['4'].token }));
    expect(own.data.items.map((o) => o.orderNumber)).toEqual([memberOrder.orderNumber]);
    const other = await json(
      await api.request('GET', '/api/admin/natcon/registrations', { token: otherChapterAdmin.token }),
    );
    expect(other.data.total).toBe(0);
    expect(
      (await api.request('GET', `/api/admin/natcon/registrations/${plainOrder.id}`, { token: users['4'].token }))
        .status,
    ).toBe(404);
    const csv = await (
      await api.request('GET', '/api/admin/natcon/registrations/export.csv', { token: users['4'].token })
    ).text();
    expect(csv).toContain('desk.member@example.test');
    expect(csv).not.toContain('Plain Co');
  });

  it('filters registrations by category, organisation and state, and exports the delegates', async () => {
    const token = users['5'].token;
    const byCategory = await json(
      await api.request('GET', `/api/admin/natcon/registrations?categoryId=${categories[0].id}`, { token }),
    );
    expect(byCategory.data.items.map((o) => o.orderNumber)).toEqual([plainOrder.orderNumber]);
    const byOrganisation = await json(
      await api.request('GET', '/api/admin/natcon/registrations?organisation=member', { token }),
    );
    expect(byOrganisation.data.items.map((o) => o.orderNumber)).toEqual([memberOrder.orderNumber]);
    const bad = await api.request('GET', '/api/admin/natcon/registrations?state=lost', { token });
    expect((await json(bad)).error?.fields?.state).toBeTruthy();
    const csv = await api.request('GET', '/api/admin/natcon/registrations/export.csv', { token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toContain('Confirmation');
    expect(lines).toHaveLength(1 + 3);
  });

  it('checks a ticket in once: a second scan reports the first check-in time', async () => {
    const code = plainOrder.delegates[0].confirmationNumber;
    const unpaid = await api.request('POST', '/api/admin/natcon/check-ins', {
      token: users['5'].token,
      body: { code },
    });
    expect(unpaid.status).toBe(409);
    expect((await json(unpaid)).error?.message).toMatch(
      /^Not admitted: order N27-\d{6} of .+ is not paid \(awaiting payment\)/,
    );
    await confirmAsGuest(api, plainOrder.id, users['2'].token);
    const first = await json(
      await api.request('POST', '/api/admin/natcon/check-ins', {
        token: users['5'].token,
        body: { code: code.toLowerCase() },
      }),
    );
    expect(first.data).toMatchObject({ alreadyCheckedIn: false, confirmationNumber: code });
    api.clock.advance(60_000);
    const second = await json(
      await api.request('POST', '/api/admin/natcon/check-ins', { token: users['2'].token, body: { code } }),
    );
    expect(second.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.data.checkedInAt });
    const unknown = await api.request('POST', '/api/admin/natcon/check-ins', {
      token: users['2'].token,
      body: { code: 'N27-999999-01' },
    });
    expect(unknown.status).toBe(404);
    const list = await json(await api.request('GET', '/api/admin/natcon/check-ins', { token: users['2'].token }));
    expect(list.data.total).toBe(1);
    const csv = await (
      await api.request('GET', '/api/admin/natcon/check-ins/export.csv', { token: users['2'].token })
    ).text();
    expect(csv).toContain(code);
  });

  it('waitlists when full, promotes only when seats are free, and gives seats back on cancelling', async () => {
    const token = users['2'].token;
    const waiting = (await register(registration(categories[0].id, [delegate(), delegate()]))).data;
    expect(waiting.state).toBe('waitlisted');
    const refused = await api.request('POST', `/api/admin/natcon/registrations/${waiting.id}/promote`, { token });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error?.message).toBe('Only 1 seat left in Non-member: it stays on the waiting list.');
    const scanWaiting = await api.request('POST', '/api/admin/natcon/check-ins', {
      token,
      body: { code: waiting.delegates[0].confirmationNumber },
    });
    expect(scanWaiting.status).toBe(409);

    const cancelled = await api.request('POST', `/api/admin/natcon/registrations/${plainOrder.id}/cancel`, {
      token,
      body: { note: 'Company withdrew.' },
    });
    expect((await json(cancelled)).data.state).toBe('cancelled');
    const again = await api.request('POST', `/api/admin/natcon/registrations/${plainOrder.id}/cancel`, {
      token,
      body: { note: 'Twice.' },
    });
    expect(again.status).toBe(409);

    // The freed seats went to the waiting order at once, held unpaid; tickets come once it is confirmed.
    const offered = await json(await api.request('GET', `/api/admin/natcon/registrations/${waiting.id}`, { token }));
    expect(offered.data).toMatchObject({ state: 'confirmed', status: 'offered' });
    await api.settle();
    const before = api.outbox().length;
    await confirmAsGuest(api, waiting.id, token);
    await api.settle();
    expect(
      api
        .outbox()
        .slice(before)
        .filter((m) => m.includes('application/pdf')),
    ).toHaveLength(2);
    const seats = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', categories[0].id)
      .executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(2);

    const moved = await api.request('POST', `/api/admin/natcon/delegates/${waiting.delegates[0].id}/move`, {
      token,
      body: { categoryId: categories[2].id },
    });
    expect(moved.status).toBe(200);
    const totals = await json(
      await api.request(
        'GET',
        `/api/admin/natcon/totals?editionId=${(await database.db.selectFrom('natcon_categories').select('edition_id').where('id', '=', categories[0].id).executeTakeFirstOrThrow()).edition_id}`,
        { token },
      ),
    );
    const byName = Object.fromEntries(
      (totals.data.categories as { name: string; seatsTaken: number }[]).map((c) => [c.name, c.seatsTaken]),
    );
    expect(byName).toMatchObject({ 'Non-member': 1, Student: 1, 'NIPM member': 1 });
  });

  it('takes a student ID by the order’s link, checked by content', async () => {
    const order = (await register(registration(categories[2].id, [delegate()]))).data;
    const url = `/api/natcon/registrations/${order.orderNumber}/student-ids?token=${order.statusToken}`;
    const form = () => {
      const f = new FormData();
      f.set('confirmationNumber', order.delegates[0].confirmationNumber);
      return f;
    };
    const text = form();
    text.set('file', new File([Buffer.from('MZ not a picture')], 'id.png', { type: 'image/png' }));
    expect((await multipart(url, text)).status).toBe(415);
    const good = form();
    good.set('file', new File([PNG], 'id.png', { type: 'image/png' }));
    expect((await multipart(url, good)).status).toBe(200);
    const wrongToken = form();
    wrongToken.set('file', new File([PNG], 'id.png', { type: 'image/png' }));
    expect((await multipart(url.replace(order.statusToken, 'nope'), wrongToken)).status).toBe(404);
    const file = await api.request('GET', `/api/admin/natcon/delegates/${order.delegates[0].id}/student-id`, {
      token: users['5'].token,
    });
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('takes nominations with a supporting PDF and lets staff review them', async () => {
    const form = new FormData();
    form.set('awardCategoryId', String(award.id));
    form.set('nomineeKind', 'person');
    form.set('nomineeName', 'Meera Iyer');
    form.set('nomineeOrganisation', 'Coastal Steel');
    form.set('nominatorName', 'Ravi Kumar');
    form.set('nominatorEmail', 'ravi@example.test');
    form.set('writeUp', 'Meera rebuilt the appraisal system and cut attrition by a third over two years.');
    form.set('supportingPdf', new File([PDF], 'evidence.pdf', { type: 'application/pdf' }));
    const created = await multipart('/api/natcon/nominations', form);
    expect(created.status).toBe(201);
    const nomination = (await created.json()) as {
      data: { id: number; reference: string; state: string; hasFile: boolean };
    };
    expect(nomination.data).toMatchObject({ state: 'received', hasFile: true });

    const wrongKind = new FormData();
    for (const [k, v] of form.entries()) if (k !== 'supportingPdf') wrongKind.set(k, v);
    wrongKind.set('nomineeKind', 'organisation');
    const refused = await multipart('/api/natcon/nominations', wrongKind);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Answer).error?.fields?.nomineeKind).toBe(
      'HR Leader of the Year is for a person.',
    );

    const notPdf = new FormData();
    for (const [k, v] of form.entries()) if (k !== 'supportingPdf') notPdf.set(k, v);
    notPdf.set('supportingPdf', new File([PNG], 'evidence.pdf', { type: 'application/pdf' }));
    expect((await multipart('/api/natcon/nominations', notPdf)).status).toBe(415);

    const token = users['5'].token;
    const reviewed = await api.request('PATCH', `/api/admin/natcon/nominations/${nomination.data.id}`, {
      token,
      body: { state: 'shortlisted', note: 'Strong evidence.' },
    });
    expect(((await reviewed.json()) as { data: { state: string } }).data.state).toBe('shortlisted');
    const file = await api.request('GET', `/api/admin/natcon/nominations/${nomination.data.id}/file`, { token });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const list = await json(await api.request('GET', '/api/admin/natcon/nominations?state=shortlisted', { token }));
    expect(list.data.items.map((n) => n.reference)).toEqual([nomination.data.reference]);
    const csv = await (await api.request('GET', '/api/admin/natcon/nominations/export.csv', { token })).text();
    expect(csv).toContain('Meera Iyer');
    const count = await database.db.selectFrom('natcon_nominations').select('id').execute();
    expect(count).toHaveLength(1);
  });
});
