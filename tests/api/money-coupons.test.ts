import { afterAll, beforeAll, expect, it } from 'vitest';
import { signApiToken } from '../../src/server/domains/identity/token';
import { DomainError } from '../../src/server/domains/errors';
import { kolkataDate } from '../../src/lib/financial-year';
import { previewCoupon, redeemCoupon, releaseCoupon } from '../../src/server/domains/money';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { TEST_PURPOSE, registerTestPurpose } from '../support/money';

interface Coupon {
  id: number;
  code: string;
  uses: number;
  maxUses: number;
  active: boolean;
  status: string;
}

async function json<T>(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}

const TODAY = kolkataDate(new Date());
const year = Number(TODAY.slice(0, 4));
const WINDOW = { validFrom: `${year - 1}-01-01`, validTo: `${year + 1}-12-31` };

registerTestPurpose();

describeEachDatabase('Coupons', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let others: CreatedUser[];

  const create = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/api/admin/coupons', {
      token: superAdmin.token,
      body: { kind: 'percent', value: 10, scope: 'both', maxUses: 10, ...WINDOW, ...body },
    });
    expect(response.status).toBe(201);
    return (await json<Coupon>(response)).data;
  };
  const usesOf = async (id: number) =>
    (await database.db.selectFrom('coupons').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;
  const redeem = (code: string, subjectId: number, extra: Partial<Parameters<typeof redeemCoupon>[1]> = {}) =>
    database.db.transaction().execute((trx) =>
      redeemCoupon(trx, {
        code,
        scope: 'membership',
        amount: 10_000_00,
        on: TODAY,
        purpose: TEST_PURPOSE,
        subjectId,
        ...extra,
      }),
    );
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).fields?.coupon;
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    others = await Promise.all(
      (['1', '3', '4', '5'] as const).map((roleId) => createUser(database.db, { roleId, chapterId: null })),
    );
  });
  afterAll(() => database.drop());

  it('gives exactly 10 discounts to 100 simultaneous redemptions of a 10-use coupon', async () => {
    const coupon = await create({ code: 'RUSH10', maxUses: 10 });
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => redeem('rush10', 1000 + i)));
    const taken = results.filter((r) => r.status === 'fulfilled');
    expect(taken).toHaveLength(10);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({
        kind: 'invalid',
        fields: { coupon: 'This coupon has been used up.' },
      });
    }
    expect(await usesOf(coupon.id)).toBe(10);
    const redemptions = await database.db
      .selectFrom('coupon_redemptions')
      .select('discount')
      .where('coupon_id', '=', coupon.id)
      .execute();
    expect(redemptions).toHaveLength(10);
    expect(redemptions.every((r) => r.discount === 1_000_00)).toBe(true);
  });

  it('gives a use back once, however often or simultaneously it is released', async () => {
    const coupon = await create({ code: 'GIVEBACK', maxUses: 2 });
    await redeem('GIVEBACK', 1);
    await redeem('GIVEBACK', 2);
    expect(await refusal(redeem('GIVEBACK', 3))).toBe('This coupon has been used up.');
    const release = () =>
      database.db.transaction().execute((trx) => releaseCoupon(trx, { purpose: TEST_PURPOSE, subjectId: 1 }));
    const releases = await Promise.all([release(), release(), release()]);
    expect(releases.filter((r) => r.released)).toHaveLength(1);
    expect(await usesOf(coupon.id)).toBe(1);
    expect((await release()).released).toBe(false);
    expect(await usesOf(coupon.id)).toBe(1);
    await redeem('GIVEBACK', 3);
    expect(await usesOf(coupon.id)).toBe(2);
  });

  it('lets one subject hold one live redemption', async () => {
    await create({ code: 'ONCEEACH', maxUses: 5 });
    const coupon = await redeem('ONCEEACH', 77);
    expect(await refusal(redeem('ONCEEACH', 77))).toBe('A coupon is already applied here.');
    expect(await usesOf(coupon.couponId)).toBe(1);
  });

  it('reads codes in any case and refuses the same code in another case', async () => {
    await create({ code: 'Diwali10', value: 10 });
    expect(
      await previewCoupon(database.db, { code: ' diwali10 ', scope: 'natcon', amount: 5_000_00, on: TODAY }),
    ).toMatchObject({
      code: 'DIWALI10',
      discount: 500_00,
    });
    const again = await api.request('POST', '/api/admin/coupons', {
      token: superAdmin.token,
      body: { code: 'DIWALI10', kind: 'flat', value: 100, scope: 'both', maxUses: 1, ...WINDOW },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error?.fields?.code).toBe('A coupon with this code already exists.');
  });

  it('refuses a coupon outside its window, of the other scope, inactive or unknown', async () => {
    await create({ code: 'LATER', validFrom: `${year + 1}-01-01`, validTo: `${year + 1}-12-31` });
    await create({ code: 'OLD', validFrom: `${year - 2}-01-01`, validTo: `${year - 2}-12-31` });
    await create({ code: 'NATCONONLY', scope: 'natcon' });
    await create({ code: 'MEMBERONLY', scope: 'membership' });
    const off = await create({ code: 'SWITCHEDOFF' });
    const patch = await api.request('PATCH', `/api/admin/coupons/${off.id}`, {
      token: superAdmin.token,
      body: { active: false },
    });
    expect((await json<Coupon>(patch)).data).toMatchObject({ active: false, status: 'inactive' });

    const query = { scope: 'membership' as const, amount: 1_000_00, on: TODAY };
    expect(await refusal(previewCoupon(database.db, { ...query, code: 'LATER' }))).toBe(
      `This coupon can be used from ${year + 1}-01-01.`,
    );
    expect(await refusal(previewCoupon(database.db, { ...query, code: 'OLD' }))).toBe(
      `This coupon expired on ${year - 2}-12-31.`,
    );
    expect(await refusal(previewCoupon(database.db, { ...query, code: 'NATCONONLY' }))).toBe(
      'This coupon is for NATCON only.',
    );
    expect(await refusal(redeem('MEMBERONLY', 5, { scope: 'natcon' }))).toBe('This coupon is for membership only.');
    expect(await refusal(redeem('SWITCHEDOFF', 5))).toBe('This coupon is no longer active.');
    expect(await refusal(redeem('NOSUCHCODE', 5))).toBe('No coupon has this code.');
    expect(await redeem('NATCONONLY', 5, { scope: 'natcon' })).toMatchObject({ discount: 1_000_00 });
  });

  it('never takes off more than the amount', async () => {
    await create({ code: 'BIGFLAT', kind: 'flat', value: 50_000_00 });
    await create({ code: 'ALLFREE', kind: 'percent', value: 100 });
    expect(await redeem('BIGFLAT', 11, { amount: 1_000_00 })).toMatchObject({ discount: 1_000_00 });
    expect(await redeem('ALLFREE', 12, { amount: 2_345_67 })).toMatchObject({ discount: 2_345_67 });
    expect(
      (await previewCoupon(database.db, { code: 'bigflat', scope: 'natcon', amount: 0, on: TODAY })).discount,
    ).toBe(0);
  });

  it('keeps the limit at or above the uses taken, and refuses bad input with a message per field', async () => {
    const coupon = await create({ code: 'LIMITED', maxUses: 5 });
    await redeem('LIMITED', 21);
    await redeem('LIMITED', 22);
    const lower = await api.request('PATCH', `/api/admin/coupons/${coupon.id}`, {
      token: superAdmin.token,
      body: { maxUses: 1 },
    });
    expect(lower.status).toBe(400);
    expect((await json(lower)).error?.fields?.maxUses).toBe('Already used 2 times: allow at least 2.');
    const bad = await api.request('POST', '/api/admin/coupons', {
      token: superAdmin.token,
      body: {
        code: 'x',
        kind: 'percent',
        value: 150,
        scope: 'all',
        validFrom: '2026-10-01',
        validTo: 'soon',
        maxUses: 0,
        extra: 1,
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error?.fields ?? {}).sort()).toEqual(
      ['code', 'extra', 'maxUses', 'scope', 'validTo'].sort(),
    );
    const percent = await api.request('PATCH', `/api/admin/coupons/${coupon.id}`, {
      token: superAdmin.token,
      body: { value: 120 },
    });
    expect((await json(percent)).error?.fields?.value).toBe('A percentage is at most 100.');
    const missing = await api.request('PATCH', '/api/admin/coupons/999999', {
      token: superAdmin.token,
      body: { active: false },
    });
    expect(missing.status).toBe(404);
  });

  it('lists coupons with uses/limit, filters by status, scope and code, orders and pages', async () => {
    const usedUp = await api.request('GET', '/api/admin/coupons?status=used_up', { token: superAdmin.token });
    const usedUpItems = (await json<{ items: Coupon[] }>(usedUp)).data.items;
    expect(usedUpItems.map((c) => c.code)).toContain('RUSH10');
    expect(usedUpItems.map((c) => c.code)).not.toContain('LIMITED');
    expect(usedUpItems.find((c) => c.code === 'RUSH10')).toMatchObject({ uses: 10, maxUses: 10, status: 'used_up' });

    const expired = await api.request('GET', '/api/admin/coupons?status=expired', { token: superAdmin.token });
    expect((await json<{ items: Coupon[] }>(expired)).data.items.map((c) => c.code)).toEqual(['OLD']);
    const natcon = await api.request('GET', '/api/admin/coupons?scope=natcon&q=only', { token: superAdmin.token });
    expect((await json<{ items: Coupon[] }>(natcon)).data.items.map((c) => c.code)).toEqual(['NATCONONLY']);

    const page = await api.request('GET', '/api/admin/coupons?sort=code&page=2&pageSize=3', {
      token: superAdmin.token,
    });
    const body = await json<{ items: Coupon[]; total: number }>(page);
    const all = await api.request('GET', '/api/admin/coupons?sort=code&pageSize=100', { token: superAdmin.token });
    const codes = (await json<{ items: Coupon[] }>(all)).data.items.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(body.data.items.map((c) => c.code)).toEqual(codes.slice(3, 6));
    expect(body.data.total).toBe(codes.length);

    const wrong = await api.request('GET', '/api/admin/coupons?status=gone&sort=price', { token: superAdmin.token });
    expect(Object.keys((await json(wrong)).error?.fields ?? {}).sort()).toEqual(['sort', 'status']);
  });

  it('exports the filtered list as CSV', async () => {
    const response = await api.request('GET', '/api/admin/coupons/export.csv?status=used_up', {
      token: superAdmin.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="coupons-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe('Code,Kind,Value,Scope,Valid from,Valid to,Uses,Limit,Active,Status,Created at');
    expect(
      rows.some((r) => r.startsWith('RUSH10,percent,10%,Membership and NATCON,') && r.includes(',10,10,yes,Used up,')),
    ).toBe(true);
  });

  it('lists a coupon’s redemptions with what each subject is called', async () => {
    const coupon = (
      await json<{ items: Coupon[] }>(
        await api.request('GET', '/api/admin/coupons?q=giveback', { token: superAdmin.token }),
      )
    ).data.items[0];
    const response = await api.request('GET', `/api/admin/coupons/${coupon.id}/redemptions`, {
      token: superAdmin.token,
    });
    const items = (await json<{ items: { subjectLabel: string; releasedAt: string | null }[] }>(response)).data.items;
    expect(items.map((r) => r.subjectLabel)).toEqual(['ORDER-3', 'ORDER-2', 'ORDER-1']);
    expect(items.map((r) => r.releasedAt !== null)).toEqual([false, false, true]);
    expect(
      (await api.request('GET', '/api/admin/coupons/999999/redemptions', { token: superAdmin.token })).status,
    ).toBe(404);
  });

  it('opens every coupon route to the super admin only, and to no missing, expired or forged token', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/export.csv'],
      ['POST', '/api/admin/coupons', { code: 'NOPE1', kind: 'flat', value: 1, scope: 'both', maxUses: 1, ...WINDOW }],
      ['PATCH', '/api/admin/coupons/1', { active: true }],
      ['GET', '/api/admin/coupons/1/redemptions'],
    ];
    const forged = await signApiToken(
      { userId: superAdmin.id, tokenVersion: 0 },
      'another-secret-0123456789abcdef',
      3600,
    );
    const expiredApi = createTestApi(database.db);
    expiredApi.clock.advance(9 * 3600 * 1000);
    for (const [method, url, body] of routes) {
      expect((await api.request(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await api.request(method, url, { token: forged, body })).status, `${method} ${url} forged`).toBe(401);
      const expired = await expiredApi.request(method, url, { token: superAdmin.token, body });
      expect((await json(expired)).error?.code, `${method} ${url} expired`).toBe('token_expired');
      for (const user of others) {
        const response = await api.request(method, url, { token: user.token, body });
        expect(response.status, `${method} ${url} role ${user.roleId}`).toBe(403);
      }
      const allowed = await api.request(method, url, { token: superAdmin.token, body });
      expect([200, 201], `${method} ${url} super admin`).toContain(allowed.status);
    }
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'coupon.%')
      .execute();
    expect(audit.length).toBeGreaterThan(10);
  });
});
