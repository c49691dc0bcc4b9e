import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoleId } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * The sent-notices history as a staff list: filters, order, paging, and its CSV export (the shared
 * CSV helper: byte-order mark, header row, quoting, formula guard, the list's filters and order).
 */
interface HistoryPage {
  items: { title: string; recipientCount: number; audience: { type: string } }[];
  total: number;
}

describeEachDatabase('Sent notifications: filters, order and CSV export', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let users: Record<RoleId, CreatedUser>;

  const history = async (query: string) => {
    const response = await api.request('GET', `/api/admin/notifications${query}`, { token: users['2'].token });
    expect(response.status, query).toBe(200);
    return ((await response.json()) as { data: HistoryPage }).data;
  };
  const titles = async (query: string) => (await history(query)).items.map((n) => n.title);
  const exported = (query = '', token = users['2'].token) =>
    api.request('GET', `/api/admin/notifications/export.csv${query}`, { token });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const chapter = await createChapter(database.db);
    const member = await createMember(database.db, chapter.id);
    users = {
      '1': await createUser(database.db, { roleId: '1', memberId: member.id }),
      '2': await createUser(database.db, { roleId: '2', name: 'Super Admin' }),
      '3': await createUser(database.db, { roleId: '3' }),
      '4': await createUser(database.db, { roleId: '4', chapterId: chapter.id }),
      '5': await createUser(database.db, { roleId: '5' }),
    };
    const notices = [
      { title: 'Budget 100% approved', message: 'Plain.', audience: { type: 'all' } },
      { title: 'agm notice', message: 'Rao, K. said "yes"\nand left.', audience: { type: 'role', id: '5' } },
      { title: '=HYPERLINK("http://evil.test")', message: '+91 call', audience: { type: 'role', id: '3' } },
      { title: 'AGM reminder', message: '@all', link: '/events', audience: { type: 'chapter', id: chapter.id } },
    ];
    for (const body of notices) {
      const response = await api.request('POST', '/api/admin/notifications', { token: users['2'].token, body });
      expect(response.status).toBe(201);
      api.clock.advance(60_000);
    }
  });
  afterAll(() => database.drop());

  it('lists newest first by default, and orders by title or recipients either way', async () => {
    expect(await titles('')).toEqual([
      'AGM reminder',
      '=HYPERLINK("http://evil.test")',
      'agm notice',
      'Budget 100% approved',
    ]);
    expect(await titles('?sort=createdAt')).toEqual([
      'Budget 100% approved',
      'agm notice',
      '=HYPERLINK("http://evil.test")',
      'AGM reminder',
    ]);
    const byTitle = await titles('?sort=title');
    expect(byTitle).toHaveLength(4);
    expect(await titles('?sort=-title')).toEqual([...byTitle].reverse());
    const byRecipients = (await history('?sort=-recipientCount')).items.map((n) => n.recipientCount);
    expect(byRecipients).toEqual([...byRecipients].sort((a, b) => b - a));
    expect(byRecipients[0]).toBe(5);
  });

  it('filters by audience and by title text, ignoring case, with % taken literally', async () => {
    expect(await titles('?audience=role')).toEqual(['=HYPERLINK("http://evil.test")', 'agm notice']);
    expect(await titles('?q=AGM')).toEqual(['AGM reminder', 'agm notice']);
    expect(await titles('?q=agm&audience=chapter')).toEqual(['AGM reminder']);
    expect(await titles('?q=100%25')).toEqual(['Budget 100% approved']);
    expect(await titles('?q=1_0')).toEqual([]);
    const paged = await history('?q=agm&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, items: [{ title: 'agm notice' }] });
  });

  it('refuses an unknown order, audience or parameter with a message per field', async () => {
    for (const [query, field] of [
      ['?sort=readCount', 'sort'],
      ['?audience=everyone', 'audience'],
      ['?q=' + 'x'.repeat(101), 'q'],
      ['?colour=red', 'colour'],
    ]) {
      const response = await api.request('GET', `/api/admin/notifications${query}`, { token: users['2'].token });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields), query).toContain(field);
      expect((await exported(query)).status, `export ${query}`).toBe(400);
    }
  });

  it('exports the list as a CSV download: BOM, header row, quoting and the formula guard', async () => {
    const response = await exported();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="notifications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Sent at,Title,Message,Link,To,Sent by,Recipients,Read');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,AGM reminder,'@all,\/events,Chapter: .+,Super Admin,2,0$/);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.test"")",'+91 call,,Role: Content admin,Super Admin,1,0`);
    expect(lines[2]).toContain(',agm notice,"Rao, K. said ""yes""\nand left.",,Role: Admin,Super Admin,1,0');
  });

  it('exports with the list’s filters and order, without its paging', async () => {
    const csv = await (await exported('?q=agm&sort=createdAt')).text();
    const rows = csv.trimEnd().split('\r\n').slice(1);
    expect(rows.map((line) => line.split(',')[1])).toEqual(['agm notice', 'AGM reminder']);
    // `text()` drops the byte-order mark, as Excel does on reading it.
    const empty = await (await exported('?audience=member')).text();
    expect(empty).toBe('Sent at,Title,Message,Link,To,Sent by,Recipients,Read\r\n');
  });

  it('lets only the super admin export', async () => {
    expect((await api.request('GET', '/api/admin/notifications/export.csv')).status).toBe(401);
    for (const roleId of ['1', '3', '4', '5'] as const) {
      const response = await exported('', users[roleId].token);
      expect(response.status, `role ${roleId}`).toBe(403);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });
});
