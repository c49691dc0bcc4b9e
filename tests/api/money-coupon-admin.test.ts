import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { kolkataDate } from '../../src/lib/financial-year';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';

/**
 * The super admin's coupon screen at its edges: a coupon's status on the first and last day of its window, each
 * status filter, the checks a change must pass against what is stored, and (on PostgreSQL, where two servers write
 * at once) the same code or a redemption arriving while a coupon is being created or changed.
 */

interface Coupon {
  id: number;
  code: string;
  active: boolean;
  uses: number;
  maxUses: number;
  status: string;
}

interface Answer<T> {
  data: T;
  error?: { message: string; fields?: Record<string, string> };
}

const day = (offset: number) => kolkataDate(new Date(Date.now() + offset * 86_400_000));
const TODAY = day(0);

describeEachDatabase('Coupon administration at the edges', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;

  const create = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/api/admin/coupons', {
      token: superAdmin.token,
      body: { kind: 'flat', value: 500_00, scope: 'both', maxUses: 5, validFrom: day(-30), validTo: day(30), ...body },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as Answer<Coupon>).data;
  };
  const patch = (id: number, body: Record<string, unknown>) =>
    api.request('PATCH', `/api/admin/coupons/${id}`, { token: superAdmin.token, body });
  const answer = async <T>(response: Response) => (await response.json()) as Answer<T>;
  const listed = async (query: string) => {
    const response = await api.request('GET', `/api/admin/coupons?${query}&sort=code&pageSize=100`, {
      token: superAdmin.token,
    });
    expect(response.status).toBe(200);
    return (await answer<{ items: Coupon[] }>(response)).data.items.map((c) => c.code);
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    await create({ code: 'EDGE-LAST', validFrom: day(-10), validTo: TODAY });
    await create({ code: 'EDGE-FIRST', validFrom: TODAY, validTo: day(10) });
    await create({ code: 'EDGE-LATE', validFrom: day(-10), validTo: day(-1) });
    await create({ code: 'EDGE-EARLY', validFrom: day(1), validTo: day(10) });
    await create({ code: 'EDGE-OFF', active: false });
    const full = await create({ code: 'EDGE-FULL', maxUses: 1 });
    await database.db.updateTable('coupons').set({ uses: 1 }).where('id', '=', full.id).execute();
  });
  afterAll(() => database.drop());

  it('counts a coupon usable on the first and the last day of its window', async () => {
    const items = (
      await answer<{ items: Coupon[] }>(
        await api.request('GET', '/api/admin/coupons?q=EDGE&sort=code&pageSize=100', { token: superAdmin.token }),
      )
    ).data.items;
    expect(Object.fromEntries(items.map((c) => [c.code, c.status]))).toEqual({
      'EDGE-EARLY': 'upcoming',
      'EDGE-FIRST': 'usable',
      'EDGE-FULL': 'used_up',
      'EDGE-LAST': 'usable',
      'EDGE-LATE': 'expired',
      'EDGE-OFF': 'inactive',
    });
  });

  it('answers every field that is wrong in one change at once, the uses already taken among them', async () => {
    const used = await create({ code: 'MANY-WRONG', maxUses: 5 });
    await database.db.updateTable('coupons').set({ uses: 3 }).where('id', '=', used.id).execute();
    // The new last day comes before the stored first day: only the service, which reads both, can tell.
    const wrong = await patch(used.id, { maxUses: 2, validTo: day(-40) });
    expect(wrong.status).toBe(400);
    expect((await answer<unknown>(wrong)).error?.fields).toEqual({
      validTo: 'End on or after the first day.',
      maxUses: 'Already used 3 times: allow at least 3.',
    });
  });

  it('records who created and who changed a coupon, with what it was and became', async () => {
    const coupon = await create({ code: 'AUDITED', maxUses: 3 });
    expect((await patch(coupon.id, { maxUses: 4 })).status).toBe(200);
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('entity_id', '=', String(coupon.id))
      .where('action', 'like', 'coupon.%')
      .orderBy('id')
      .execute();
    expect(entries.map(({ detail: _detail, ...entry }) => entry)).toEqual([
      { action: 'coupon.created', actor_user_id: superAdmin.id, entity: 'coupon', entity_id: String(coupon.id) },
      { action: 'coupon.updated', actor_user_id: superAdmin.id, entity: 'coupon', entity_id: String(coupon.id) },
    ]);
    const [created, updated] = entries.map((entry) => JSON.parse(entry.detail ?? '{}'));
    expect(created.after).toMatchObject({ code: 'AUDITED', max_uses: 3, uses: 0 });
    expect(updated.before).toMatchObject({ code: 'AUDITED', max_uses: 3 });
    expect(updated.after).toMatchObject({ code: 'AUDITED', max_uses: 4 });
  });

  // The fixtures above are made before any test, where mutation testing's per-test coverage does not see them.
  it('creates a coupon switched off from the start, and one switched on when not told', async () => {
    expect(await create({ code: 'SHUT-FROM-START', active: false })).toMatchObject({
      active: false,
      status: 'inactive',
    });
    expect(await create({ code: 'OPEN-FROM-START' })).toMatchObject({ active: true, status: 'usable' });
  });

  it('filters by each status as the list shows it', async () => {
    expect(await listed('q=EDGE&status=usable')).toEqual(['EDGE-FIRST', 'EDGE-LAST']);
    expect(await listed('q=EDGE&status=upcoming')).toEqual(['EDGE-EARLY']);
    expect(await listed('q=EDGE&status=expired')).toEqual(['EDGE-LATE']);
    expect(await listed('q=EDGE&status=inactive')).toEqual(['EDGE-OFF']);
    expect(await listed('q=EDGE&status=used_up')).toEqual(['EDGE-FULL']);
    expect(await listed('q=edge-l')).toEqual(['EDGE-LAST', 'EDGE-LATE']);
  });

  it('checks a change against what is stored, with the field’s own words, and changes nothing refused', async () => {
    const coupon = await create({ code: 'WINDOW', validFrom: day(-5), validTo: day(5) });
    const early = await patch(coupon.id, { validTo: day(-6) });
    expect(early.status).toBe(400);
    expect((await answer(early)).error?.fields).toEqual({ validTo: 'End on or after the first day.' });
    const sameDay = await patch(coupon.id, { validTo: day(-5) });
    expect(sameDay.status).toBe(200);
    expect((await answer<Coupon>(sameDay)).data.status).toBe('expired');

    const taken = await patch(coupon.id, { code: 'edge-last' });
    expect(taken.status).toBe(409);
    expect((await answer(taken)).error?.fields).toEqual({ code: 'A coupon with this code already exists.' });
    const own = await patch(coupon.id, { code: 'window', maxUses: 7 });
    expect(own.status).toBe(200);
    expect((await answer<Coupon>(own)).data).toMatchObject({ code: 'WINDOW', maxUses: 7 });
  });

  // Two servers writing at once: only PostgreSQL has them (SQLite is one process, and a second connection holding
  // its write lock would stall this process's own requests).
  it.skipIf(kind.name !== 'PostgreSQL')(
    'refuses a code another server is creating at the same moment with 409, not an error',
    async () => {
      const other = database.another();
      let created: Promise<Response> | undefined;
      await other.transaction().execute(async (trx) => {
        await trx
          .insertInto('coupons')
          .values({
            code: 'RACE-NEW',
            kind: 'flat',
            value: 100,
            scope: 'both',
            valid_from: day(-1),
            valid_to: day(1),
            max_uses: 1,
            uses: 0,
            active: 1,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
        created = api.request('POST', '/api/admin/coupons', {
          token: superAdmin.token,
          body: {
            code: 'race-new',
            kind: 'flat',
            value: 100,
            scope: 'both',
            maxUses: 1,
            validFrom: day(-1),
            validTo: day(1),
          },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const refused = await (created as Promise<Response>);
      expect(refused.status).toBe(409);
      expect((await answer(refused)).error?.fields).toEqual({ code: 'A coupon with this code already exists.' });

      const renamed = await create({ code: 'RACE-OLD' });
      let changed: Promise<Response> | undefined;
      await other.transaction().execute(async (trx) => {
        await trx.updateTable('coupons').set({ code: 'RACE-TAKEN' }).where('code', '=', 'EDGE-OFF').execute();
        changed = patch(renamed.id, { code: 'race-taken' });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const clash = await (changed as Promise<Response>);
      expect(clash.status).toBe(409);
      expect((await answer(clash)).error?.fields).toEqual({ code: 'A coupon with this code already exists.' });
      const kept = await database.db
        .selectFrom('coupons')
        .select('code')
        .where('id', '=', renamed.id)
        .executeTakeFirst();
      expect(kept?.code).toBe('RACE-OLD');
    },
  );

  it.skipIf(kind.name !== 'PostgreSQL')(
    'refuses a lower limit when a redemption lands while it is being saved, naming the uses then taken',
    async () => {
      const coupon = await create({ code: 'RACE-LIMIT', maxUses: 5 });
      await database.db.updateTable('coupons').set({ uses: 2 }).where('id', '=', coupon.id).execute();
      const other = database.another();
      let lowered: Promise<Response> | undefined;
      await other.transaction().execute(async (trx) => {
        await trx
          .updateTable('coupons')
          .set({ uses: sql<number>`uses + 1` })
          .where('id', '=', coupon.id)
          .execute();
        lowered = patch(coupon.id, { maxUses: 2 });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const refused = await (lowered as Promise<Response>);
      expect(refused.status).toBe(400);
      expect((await answer(refused)).error?.fields).toEqual({ maxUses: 'Already used 3 times: allow at least 3.' });
      const stored = await database.db
        .selectFrom('coupons')
        .select(['uses', 'max_uses'])
        .where('id', '=', coupon.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ uses: 3, max_uses: 5 });
    },
  );
});
