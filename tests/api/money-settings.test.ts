import { afterAll, beforeAll, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import { logWhile } from '../support/log-capture';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';

async function json<T>(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}

describeEachDatabase('Payment settings and options', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let others: CreatedUser[];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    others = await Promise.all((['1', '3', '4', '5'] as const).map((roleId) => createUser(database.db, { roleId })));
  });
  afterAll(() => database.drop());

  it('keeps payment settings for the super admin, shows payers the options, and marks samples', async () => {
    const options = await json<{ upi: { vpa: string }; sample: boolean }>(
      await api.request('GET', '/api/payment-options'),
    );
    expect(options.data).toMatchObject({ upi: { vpa: 'nipm.sample@upi' }, sample: true });
    const read = await json<{ samples: string[] }>(
      await api.request('GET', '/api/admin/settings/payments', { token: superAdmin.token }),
    );
    expect(read.data.samples).toEqual(expect.arrayContaining(['gst', 'upi', 'bank']));

    const bad = await api.request('PATCH', '/api/admin/settings/payments', {
      token: superAdmin.token,
      body: { upi: { vpa: 'not an address', payeeName: '' }, gst: { ratePercent: 40 }, bank: { ifsc: 'X' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error?.fields ?? {})).toEqual(
      expect.arrayContaining(['upi.vpa', 'upi.payeeName', 'gst.ratePercent', 'bank.ifsc', 'bank.accountNumber']),
    );
    const saved = await api.request('PATCH', '/api/admin/settings/payments', {
      token: superAdmin.token,
      body: {
        upi: { vpa: 'nipm@sbi', payeeName: 'NIPM' },
        bank: {
          accountName: 'NIPM',
          accountNumber: '12345678901',
          ifsc: 'sbin0001234',
          bankName: 'SBI',
          branch: 'Park Street',
        },
        gst: { ratePercent: 18 },
      },
    });
    expect((await json<{ samples: string[]; bank: { ifsc: string } }>(saved)).data).toMatchObject({
      samples: ['institute'],
      bank: { ifsc: 'SBIN0001234' },
    });
    const after = await json<{ upi: { vpa: string }; sample: boolean }>(
      await api.request('GET', '/api/payment-options'),
    );
    expect(after.data).toMatchObject({ upi: { vpa: 'nipm@sbi' }, sample: false });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'settings.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: superAdmin.id, entity: 'settings', entity_id: 'gst,upi,bank' });
    // What each group was (the samples) and became, for whoever later asks who changed the bank details.
    const detail = JSON.parse(audit.detail!) as Record<'before' | 'after', Record<string, Record<string, unknown>>>;
    expect(Object.keys(detail.before).sort()).toEqual(['bank', 'gst', 'upi']);
    expect(detail.before.upi).toMatchObject({ vpa: 'nipm.sample@upi' });
    expect(detail.after).toMatchObject({
      upi: { vpa: 'nipm@sbi', payeeName: 'NIPM' },
      bank: { accountNumber: '12345678901', ifsc: 'SBIN0001234' },
      gst: { ratePercent: 18 },
    });
  });

  it('shows the sample for a stored setting it cannot read, and logs which one', async () => {
    await database.db.updateTable('settings').set({ value: '{"vpa": "nipm@sbi"' }).where('key', '=', 'upi').execute();
    let options: { upi: { vpa: string } } | undefined;
    const logged = await logWhile(async () => {
      options = (await json<{ upi: { vpa: string } }>(await api.request('GET', '/api/payment-options'))).data;
    });
    expect(options?.upi.vpa).toBe('nipm.sample@upi');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        key: 'upi',
        msg: 'unreadable payment setting: its sample is shown until it is saved again',
      }),
    ]);
  });

  it('opens the settings to the super admin only, and to no missing, expired or forged token', async () => {
    const forged = await signApiToken(
      { userId: superAdmin.id, tokenVersion: 0 },
      'another-secret-0123456789abcdef',
      3600,
    );
    const expiredApi = createTestApi(database.db);
    expiredApi.clock.advance(9 * 3600 * 1000);
    const routes: [string, unknown?][] = [['GET'], ['PATCH', { gst: { ratePercent: null } }]];
    for (const [method, body] of routes) {
      const url = '/api/admin/settings/payments';
      expect((await api.request(method, url, { body })).status, `${method} anonymous`).toBe(401);
      expect((await api.request(method, url, { token: forged, body })).status, `${method} forged`).toBe(401);
      const expired = await expiredApi.request(method, url, { token: superAdmin.token, body });
      expect((await json(expired)).error?.code, `${method} expired`).toBe('token_expired');
      for (const user of others) {
        expect((await api.request(method, url, { token: user.token, body })).status, `${method} ${user.roleId}`).toBe(
          403,
        );
      }
      expect((await api.request(method, url, { token: superAdmin.token, body })).status, `${method} 2`).toBe(200);
    }
    for (const user of [...others, superAdmin]) {
      expect((await api.request('GET', '/api/payment-options', { token: user.token })).status).toBe(200);
    }
    expect((await api.request('GET', '/api/payment-options', { token: forged })).status).toBe(200);
  });
});
