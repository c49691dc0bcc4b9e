import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';

const EMPTY_SOCIAL = { facebook: null, x: null, linkedin: null, youtube: null };

/** The footer's contact details and social links (issue 28): set by the super admin, nothing shown until set. */
describeEachDatabase('Site settings', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let admin: CreatedUser;

  const call = async (method: string, url: string, user?: CreatedUser, body?: unknown) => {
    const response = await api.request(method, url, { token: user?.token, body });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    admin = await createUser(database.db, { roleId: '5' });
  });
  afterAll(() => database.drop());

  it('shows nothing until set: no sample address, e-mail or links', async () => {
    const answer = await call('GET', '/api/site-settings');
    expect(answer.body.data).toEqual({
      contactEmail: null,
      phone: null,
      whatsapp: null,
      officeHours: null,
      address: null,
      social: EMPTY_SOCIAL,
    });
  });

  it('is the super admin’s alone', async () => {
    const body = { contactEmail: 'a@b.in', phone: null, address: null, social: EMPTY_SOCIAL };
    expect((await call('PUT', '/api/admin/settings/site', admin, body)).status).toBe(403);
    expect((await call('GET', '/api/admin/settings/site', admin)).status).toBe(403);
    expect((await call('PUT', '/api/admin/settings/site', undefined, body)).status).toBe(401);
  });

  it('refuses a network’s home page, another host, plain http and a bad e-mail, each beside its field', async () => {
    const answer = await call('PUT', '/api/admin/settings/site', superAdmin, {
      contactEmail: 'not an address',
      phone: 'call us',
      whatsapp: '98300',
      officeHours: 'Monday to Friday\u202e, 10:00 to 17:30',
      address: '',
      social: {
        facebook: 'https://www.facebook.com/',
        x: 'https://example.com/nipm',
        linkedin: 'http://www.linkedin.com/company/nipm',
        youtube: '',
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields).sort()).toEqual([
      'contactEmail',
      'officeHours',
      'phone',
      'social.facebook',
      'social.linkedin',
      'social.x',
      'whatsapp',
    ]);
    expect(await database.db.selectFrom('settings').selectAll().where('key', '=', 'site').execute()).toEqual([]);
  });

  it('saves what is set, empty as hidden, audited, and the public read shows it', async () => {
    const saved = await call('PUT', '/api/admin/settings/site', superAdmin, {
      contactEmail: ' Office@NIPM.example ',
      phone: '+91 33 2222 3333',
      whatsapp: ' +91 98300 12345 ',
      officeHours: ' Monday to Friday, 10:00 to 17:30 IST ',
      address: 'NIPM House\nKolkata 700016',
      social: { facebook: 'https://www.facebook.com/nipm.india', x: '', linkedin: '', youtube: '' },
    });
    expect(saved.status).toBe(200);
    const expected = {
      contactEmail: 'office@nipm.example',
      phone: '+91 33 2222 3333',
      whatsapp: '+91 98300 12345',
      officeHours: 'Monday to Friday, 10:00 to 17:30 IST',
      address: 'NIPM House\nKolkata 700016',
      social: { ...EMPTY_SOCIAL, facebook: 'https://www.facebook.com/nipm.india' },
    };
    expect(saved.body.data).toEqual(expected);
    expect((await call('GET', '/api/site-settings')).body.data).toEqual(expected);
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.updated')
      .where('entity_id', '=', 'site')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses office hours over 120 characters beside the field', async () => {
    const answer = await call('PUT', '/api/admin/settings/site', superAdmin, {
      contactEmail: null,
      phone: null,
      officeHours: 'x'.repeat(121),
      address: null,
      social: EMPTY_SOCIAL,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ officeHours: 'Use at most 120 characters.' });
  });

  it('reads a value saved before the WhatsApp number and office hours existed as not set', async () => {
    const old = { contactEmail: 'office@nipm.example', phone: null, address: null, social: EMPTY_SOCIAL };
    await database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(old) })
      .where('key', '=', 'site')
      .execute();
    expect((await call('GET', '/api/site-settings')).body.data).toEqual({ ...old, whatsapp: null, officeHours: null });
  });
});
