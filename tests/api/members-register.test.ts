import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, type CreatedUser } from '../support/fixtures';
import { memberWith, userAt } from './members-support';
import { MEMBER_STATUSES, memberStatus } from '../../src/lib/member-status';

const AUGUST = new Date('2026-08-15T06:00:00Z');

describeEachDatabase('The member register', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let west: { id: number };
  let superAdmin: CreatedUser;
  let chapterAdmin: CreatedUser;
  const ids: Record<string, number> = {};

  const list = async (query: string, user: CreatedUser = superAdmin) => {
    const response = await api.request('GET', `/api/admin/members?${query}`, { token: user.token });
    return { status: response.status, body: await response.json() };
  };
  const names = async (query: string, user?: CreatedUser) =>
    (await list(`${query}&pageSize=100`, user)).body.data.items.map((m: { name: string }) => m.name).sort();

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    // 15 August 2026 in Kolkata: financial year 2026-27, after 1 July (defaulters) and before 1 October.
    api.clock.now = AUGUST;
    const db = database.db;
    east = await createChapter(db, { region: 'East', name: 'Kolkata Chapter' });
    west = await createChapter(db, { region: 'West', name: 'Mumbai Chapter', city: 'Mumbai', state: 'Maharashtra' });
    ids.asha = (
      await memberWith(db, east.id, { firstName: 'Asha', lastName: 'Banerjee', paid: 2026, organisation: 'Tata Steel' })
    ).id;
    ids.bimal = (
      await memberWith(db, east.id, { firstName: 'Bimal', lastName: 'Das', paid: 2025, phone: '+91 98300 12345' })
    ).id;
    ids.chitra = (await memberWith(db, east.id, { firstName: 'Chitra', lastName: 'Ghosh', paid: 2023 })).id;
    ids.dev = (
      await memberWith(db, west.id, {
        firstName: 'Dev',
        lastName: 'Patil',
        classCode: 'life',
        paid: null,
        admittedOn: '2024-06-01',
      })
    ).id;
    ids.esha = (
      await memberWith(db, west.id, {
        firstName: 'Esha',
        lastName: 'Joshi',
        classCode: 'corporate',
        paid: 2025,
        admittedOn: '2024-11-20',
      })
    ).id;
    ids.farah = (await memberWith(db, west.id, { firstName: 'Farah', lastName: 'Khan_%', paid: 2026 })).id;
    superAdmin = await userAt(db, AUGUST, { roleId: '2' });
    chapterAdmin = await userAt(db, AUGUST, { roleId: '4', chapterId: east.id });
  });
  afterAll(() => database.drop());

  it('lists every member for the super admin, paged, with the status derived from the paid year', async () => {
    const page = await list('pageSize=2&page=1&sort=name');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(page.body.data.items.map((m: { name: string }) => m.name)).toEqual(['Asha Banerjee', 'Bimal Das']);
    const all = (await list('pageSize=100')).body.data.items as { name: string; status: string }[];
    expect(Object.fromEntries(all.map((m) => [m.name, m.status]))).toEqual({
      'Asha Banerjee': 'active',
      'Bimal Das': 'defaulter',
      'Chitra Ghosh': 'lapsed',
      'Dev Patil': 'active',
      'Esha Joshi': 'defaulter',
      'Farah Khan_%': 'active',
    });
  });

  it('finds members by part of the name, member number, e-mail, phone or organisation', async () => {
    expect(await names('q=anerj')).toEqual(['Asha Banerjee']);
    expect(await names('q=ASHA%20BAN')).toEqual(['Asha Banerjee']);
    expect(await names('q=tata')).toEqual(['Asha Banerjee']);
    expect(await names('q=98300%2012345')).toEqual(['Bimal Das']);
    const number = (await list('q=chitra')).body.data.items[0].memberNumber as string;
    expect(await names(`q=${encodeURIComponent(number)}`)).toEqual(['Chitra Ghosh']);
    const email = (await list('q=dev')).body.data.items[0].email as string;
    expect(await names(`q=${encodeURIComponent(email.toUpperCase())}`)).toEqual(['Dev Patil']);
    // Wildcards typed by a user match themselves only.
    expect(await names('q=%25')).toEqual(['Farah Khan_%']);
    expect(await names('q=_')).toEqual(['Farah Khan_%']);
    // A search's total comes with its page, and a page past the end still says how many there are.
    const paged = (await list('q=a&pageSize=2&page=2')).body.data;
    const all = (await list('q=a&pageSize=100')).body.data;
    expect(paged.total).toBe(all.items.length);
    expect(paged.items).toEqual(all.items.slice(2, 4));
    const beyond = (await list('q=a&pageSize=2&page=50')).body.data;
    expect(beyond).toMatchObject({ items: [], total: all.items.length });
  });

  it('filters by class, chapter, region, status and year of admission, together', async () => {
    expect(await names('classCode=life')).toEqual(['Dev Patil']);
    expect(await names(`chapterId=${west.id}`)).toEqual(['Dev Patil', 'Esha Joshi', 'Farah Khan_%']);
    expect(await names('region=East')).toEqual(['Asha Banerjee', 'Bimal Das', 'Chitra Ghosh']);
    expect(await names('status=defaulter')).toEqual(['Bimal Das', 'Esha Joshi']);
    expect(await names('status=lapsed')).toEqual(['Chitra Ghosh']);
    expect(await names('status=active&region=West')).toEqual(['Dev Patil', 'Farah Khan_%']);
    expect(await names('admissionYear=2024')).toEqual(['Dev Patil', 'Esha Joshi']);
    expect(await names('admissionYear=2024&status=defaulter')).toEqual(['Esha Joshi']);
  });

  it('computes the status in SQL exactly as the rule does, on every boundary', async () => {
    for (const at of [
      '2026-06-30T12:00:00Z',
      '2026-07-01T00:30:00Z',
      '2026-09-30T12:00:00Z',
      '2026-10-01T00:30:00Z',
      '2027-03-31T12:00:00Z',
    ]) {
      api.clock.now = new Date(at);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(api.clock.now);
      const rows = await database.db.selectFrom('members').selectAll().execute();
      const viewer = await userAt(database.db, api.clock.now, { roleId: '2' });
      const items = (await list('pageSize=100', viewer)).body.data.items as { id: number; status: string }[];
      for (const row of rows) {
        const expected = memberStatus(
          { classCode: row.membership_class, paidThroughYear: row.paid_through_year, admittedOn: row.admitted_on },
          today,
        );
        expect([at, row.first_name, items.find((i) => i.id === row.id)?.status]).toEqual([
          at,
          row.first_name,
          expected,
        ]);
      }
      // The status filter is a range condition of its own: it must pick exactly the same members.
      for (const status of MEMBER_STATUSES) {
        const filtered = (await list(`pageSize=100&status=${status}`, viewer)).body.data;
        const expected = items.filter((i) => i.status === status).map((i) => i.id);
        expect([at, status, filtered.items.map((i: { id: number }) => i.id).sort()]).toEqual([
          at,
          status,
          expected.sort(),
        ]);
        expect(filtered.total).toBe(expected.length);
      }
    }
    api.clock.now = AUGUST;
  });

  it('sorts by name, member number, admission date and paid year, both ways', async () => {
    const order = async (sort: string) =>
      ((await list(`sort=${sort}&pageSize=100`)).body.data.items as { name: string }[]).map(
        (m) => m.name.split(' ')[0],
      );
    expect((await order('name'))[0]).toBe('Asha');
    expect((await order('-name'))[0]).toBe('Dev');
    expect((await order('admittedOn')).slice(-2)).toEqual(['Dev', 'Esha']);
    expect((await order('paidThrough'))[0]).toBe('Dev');
    expect((await order('-paidThrough')).slice(0, 2).sort()).toEqual(['Asha', 'Farah']);
  });

  it('shows a chapter admin only their chapter, whatever the query asks', async () => {
    expect(await names('', chapterAdmin)).toEqual(['Asha Banerjee', 'Bimal Das', 'Chitra Ghosh']);
    expect(await names(`chapterId=${west.id}`, chapterAdmin)).toEqual([]);
    expect(await names('region=West', chapterAdmin)).toEqual([]);
  });

  it('refuses bad queries with a message per field and unknown parameters', async () => {
    const bad = await list('status=sleeping&classCode=gold&pageSize=1000&admissionYear=24&sort=age&region=Mars');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(
      ['admissionYear', 'classCode', 'pageSize', 'region', 'sort', 'status'].sort(),
    );
    expect((await list('colour=blue')).status).toBe(400);
  });

  it('refuses members, content admins and strangers', async () => {
    const member = await userAt(database.db, AUGUST, { roleId: '1', memberId: ids.asha });
    for (const url of ['/api/admin/members', '/api/admin/members/export.csv']) {
      expect((await api.request('GET', url, { token: member.token })).status).toBe(403);
      expect(
        (await api.request('GET', url, { token: (await userAt(database.db, AUGUST, { roleId: '3' })).token })).status,
      ).toBe(403);
      expect((await api.request('GET', url)).status).toBe(401);
      expect((await api.request('GET', url, { token: 'forged.token.value' })).status).toBe(401);
      const admin = await userAt(database.db, AUGUST, { roleId: '5' });
      expect((await api.request('GET', url, { token: admin.token })).status).toBe(200);
    }
  });

  it('exports exactly the filtered rows as CSV with a byte-order mark', async () => {
    for (const [query, user] of [
      ['status=defaulter', superAdmin],
      ['region=West', superAdmin],
      ['q=a', chapterAdmin],
      ['', superAdmin],
    ] as const) {
      const response = await api.request('GET', `/api/admin/members/export.csv?${query}`, { token: user.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="members-.+\.csv"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes.slice(3)).trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        'Member number,Name,Class,Chapter,Region,Status,E-mail,Phone,Organisation,Admitted on,Paid through,Transfer pending to',
      );
      const exported = lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort();
      const listed = ((await list(`${query}&pageSize=100`, user)).body.data.items as { memberNumber: string }[])
        .map((m) => m.memberNumber)
        .sort();
      expect(exported).toEqual(listed);
    }
  });

  it('streams a large export in batches: every member once', async () => {
    const chapter = await createChapter(database.db, { region: 'South', name: 'Chennai Chapter' });
    const at = new Date().toISOString();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      member_number: `NIPM/CHN/${String(i).padStart(5, '0')}`,
      membership_class: 'student' as const,
      chapter_id: chapter.id,
      title: null,
      first_name: 'Bulk',
      last_name: `Member ${i}`,
      email: `bulk${i}@example.test`,
      phone: null,
      date_of_birth: null,
      address: null,
      city: null,
      state: null,
      pincode: null,
      qualification: null,
      organisation: null,
      designation: null,
      experience_years: null,
      admitted_on: '2025-05-01',
      paid_through_year: 2026,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await database.db
        .insertInto('members')
        .values(rows.slice(i, i + 500))
        .execute();
    const response = await api.request('GET', `/api/admin/members/export.csv?chapterId=${chapter.id}`, {
      token: superAdmin.token,
    });
    const lines = (await response.text()).trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(2500);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(2500);
  });
});
