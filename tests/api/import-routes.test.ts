import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';
import { realisticCsv, REALISTIC_SUMMARY, seedRegister } from '../support/import-file';
import { upload } from './content-support';

type Body = {
  success: boolean;
  data: Record<string, unknown>;
  error?: { message: string; fields?: Record<string, string> };
};

describeEachDatabase('the import API', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let chapterAdmin: CreatedUser;

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db, { now: () => new Date('2026-11-25T06:00:00Z') });
    const { kolkata } = await seedRegister(t.db);
    staff = await createUser(t.db, { roleId: '5' });
    chapterAdmin = await createUser(t.db, { roleId: '4', chapterId: kolkata });
  });
  afterAll(async () => t.drop());

  const send = (bytes: Uint8Array, name: string, token = staff.token, importKind = 'members') =>
    upload(api, 'POST', '/api/admin/imports', { file: { bytes, name }, kind: importKind }, token);
  const json = async (response: Response) => (await response.json()) as Body;

  it('takes a file through upload, check, errors, commit, progress and undo', async () => {
    const uploaded = await send(new TextEncoder().encode(realisticCsv()), 'chapter.csv');
    expect(uploaded.status).toBe(201);
    const { id, mapping } = (await json(uploaded)).data as { id: number; mapping: Record<string, string | null> };
    expect(mapping['Mem. No']).toBe('memberNumber');

    const check = await api.request('POST', `/api/admin/imports/${id}/check`, {
      token: staff.token,
      body: { mapping },
    });
    expect(check.status).toBe(200);
    expect((await json(check)).data.summary).toEqual(REALISTIC_SUMMARY);

    const errors = await api.request('GET', `/api/admin/imports/${id}/errors.csv`, { token: staff.token });
    expect(errors.headers.get('content-type')).toContain('text/csv');
    const lines = parse(await errors.text(), { bom: true }) as string[][];
    expect(lines[0][lines[0].length - 1]).toBe('error');
    expect(lines).toHaveLength(27);

    const commit = await api.request('POST', `/api/admin/imports/${id}/commit`, { token: staff.token });
    expect(commit.status).toBe(202);
    await api.settle();
    const done = (await json(await api.request('GET', `/api/admin/imports/${id}`, { token: staff.token }))).data;
    expect(done).toMatchObject({ state: 'done', progress: { done: 256, total: 256, secondsLeft: 0 } });
    expect(done.undoUntil).toBe('2026-12-02T06:00:00.000Z');

    // A formula-looking organisation was stored as text, and the register's export defuses it again.
    const exported = await api.request('GET', '/api/admin/members/export.csv?q=IMP%2F0007', { token: staff.token });
    expect(await exported.text()).toContain(`'=HYPERLINK(""http://evil.example"",""click"")"`);

    const list = (await json(await api.request('GET', '/api/admin/imports', { token: staff.token }))).data;
    expect(list.total).toBe(1);

    const undo = await api.request('POST', `/api/admin/imports/${id}/undo`, { token: staff.token });
    expect(undo.status).toBe(200);
    expect((await json(undo)).data.state).toBe('undone');
    const again = await api.request('POST', `/api/admin/imports/${id}/undo`, { token: staff.token });
    expect(again.status).toBe(409);
  });

  it('refuses other file types (415), unreadable text (400), too large (413), and files without a key column', async () => {
    expect((await send(new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj'), 'x.csv')).status).toBe(415);
    const utf16 = await send(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'x.csv');
    expect(utf16.status).toBe(400);
    expect((await json(utf16)).error?.fields?.file).toContain('UTF-16');
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x41);
    expect((await send(big, 'big.csv')).status).toBe(413);
    const headerless = await send(new TextEncoder().encode('Blood Group,City\nO+,Pune\n'), 'x.csv');
    const { id } = (await json(headerless)).data as { id: number };
    const check = await api.request('POST', `/api/admin/imports/${id}/check`, { token: staff.token, body: {} });
    expect(check.status).toBe(400);
    expect((await json(check)).error?.message).toBe(
      'No membership number, name or e-mail column was recognised. Columns found: "Blood Group", "City".',
    );
  });

  it('reads Windows-1252 and .xlsx uploads, and serves both templates', async () => {
    const latin = iconv.encode('Membership No,Full Name,Email\r\nX/1,José Sé,jose@example.test\r\n', 'win1252');
    const csv = await send(latin, 'latin.csv');
    expect(csv.status).toBe(201);
    const workbookResponse = await api.request('GET', '/api/admin/imports/template.xlsx', { token: staff.token });
    expect(workbookResponse.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new Uint8Array(await workbookResponse.arrayBuffer());
    const xlsx = await send(workbook, 'template.xlsx');
    expect(xlsx.status).toBe(201);
    expect((await json(xlsx)).data).toMatchObject({ rows: 1 });
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(Buffer.from(workbook) as unknown as ExcelJS.Buffer);
    expect(loaded.worksheets.map((s) => s.name)).toEqual(['Members', 'Columns']);
    const template = await api.request('GET', '/api/admin/imports/template.csv', { token: staff.token });
    expect((await template.text()).split('\r\n')[0]).toContain('Membership No,Class,Chapter');
  });

  it('adds one existing member by hand with the same checks as an imported row', async () => {
    const member = {
      memberNumber: 'OLD/77',
      classCode: 'Life Member',
      chapter: 'kol',
      fullName: 'Paper Joiner',
      dateOfBirth: '1.2.70',
      mobile: '+91 98765 43210',
      admittedOn: '12-Mar-1999',
    };
    const added = await api.request('POST', '/api/admin/imports/member', { token: staff.token, body: member });
    expect(added.status).toBe(201);
    expect((await json(added)).data.memberNumber).toBe('OLD/77');
    const stored = await t.db
      .selectFrom('members')
      .selectAll()
      .where('member_number', '=', 'OLD/77')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      membership_class: 'life',
      date_of_birth: '1970-02-01',
      phone: '9876543210',
      admitted_on: '1999-03-12',
    });
    const again = await api.request('POST', '/api/admin/imports/member', { token: staff.token, body: member });
    expect(again.status).toBe(409);
    const bad = await api.request('POST', '/api/admin/imports/member', {
      token: staff.token,
      body: { ...member, memberNumber: 'OLD/78', dateOfBirth: '0Feb', chapter: 'Nowhere' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error?.fields).toEqual({
      chapter: 'No chapter has the code or name "Nowhere".',
      dateOfBirth: '"0Feb" is not a date: write it as DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD or 12-Mar-2019.',
    });
  });

  it('is for national staff only: a chapter admin and a member are refused before the body is read', async () => {
    expect((await send(new TextEncoder().encode('a\n1'), 'x.csv', chapterAdmin.token)).status).toBe(403);
    const res = await api.request('GET', '/api/admin/imports', { token: chapterAdmin.token });
    expect(res.status).toBe(403);
    expect((await api.request('GET', '/api/admin/imports')).status).toBe(401);
  });
});
