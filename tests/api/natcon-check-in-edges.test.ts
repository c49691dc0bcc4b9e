import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';
import { runNatconHolds } from '../../src/server/domains/natcon';
import { checkIn } from '../../src/server/domains/natcon/check-in';
import { authUserOf } from '../support/refunds';
import { kolkataDate } from '../../src/lib/financial-year';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  amountDue: number;
  delegates: { confirmationNumber: string }[];
}

/**
 * What the door's scanner says of a ticket whose order is not good (a payment reported but not yet
 * verified, an order released for want of payment), and the check-in list of one edition only.
 */
describeEachDatabase('NATCON check-in refusals', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let first: Awaited<ReturnType<typeof createEdition>>;
  let second: Awaited<ReturnType<typeof createEdition>>;

  const register = async (edition: typeof first, name: string) =>
    (
      (await (
        await api.request('POST', '/api/natcon/registrations', {
          body: { ...registration(edition.categories[0].id, [delegate({ name })]), editionId: edition.edition.id },
        })
      ).json()) as { data: Order }
    ).data;
  const scan = async (order: Order) => {
    const response = await api.request('POST', '/api/admin/natcon/check-ins', {
      token: staff.token,
      body: { code: order.delegates[0].confirmationNumber },
    });
    return {
      status: response.status,
      message: ((await response.json()) as { error?: { message: string } }).error?.message,
    };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '2' });
    first = await createEdition(database.db, { categories: [{ name: 'Delegate', fee: 500_000, seats: 10 }] });
    second = await createEdition(database.db, { categories: [{ name: 'Delegate', fee: 500_000, seats: 10 }] });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('turns away a ticket whose payment is reported but not yet verified', async () => {
    const order = await register(first, 'Arnab Reported');
    const reported = await api.request(
      'POST',
      `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`,
      {
        body: { mode: 'upi', reference: '412345678901', amount: order.amountDue, paidOn: kolkataDate(api.clock.now) },
      },
    );
    expect(reported.status).toBe(201);
    expect(await scan(order)).toEqual({
      status: 409,
      message: `Not admitted: order ${order.orderNumber} of Arnab Reported is not paid (payment reported, not yet verified). Verify its payment, or confirm it unpaid with a note, first.`,
    });
  });

  it('turns away a ticket whose order was released unpaid, saying so', async () => {
    const order = await register(first, 'Bela Released');
    const { hold_until } = await database.db
      .selectFrom('natcon_orders')
      .select('hold_until')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const run = await runNatconHolds(
      { db: database.db, mailer: api.deps.mailer, storage: api.deps.storage, siteUrl: 'https://nipm.test' },
      new Date(new Date(hold_until!).getTime() + 60_000),
    );
    expect(run.released).toBeGreaterThanOrEqual(1);
    expect(await scan(order)).toEqual({
      status: 409,
      message: `Not admitted: order ${order.orderNumber} of Bela Released was released because it was not paid in time.`,
    });
  });

  it('turns away a delegate of an order on the waiting list, saying there is no seat', async () => {
    const full = await createEdition(database.db, { categories: [{ name: 'Delegate', fee: 500_000, seats: 1 }] });
    await register(full, 'Chitra Seated');
    const waiting = await register(full, 'Dev Waiting');
    const { state } = await database.db
      .selectFrom('natcon_orders')
      .select('state')
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(state).toBe('waitlisted');
    expect(await scan(waiting)).toEqual({
      status: 409,
      message: 'Not admitted: Dev Waiting is on the waiting list, without a seat.',
    });
  });

  it('reads a code typed in lower case with spaces around it, and says so when no ticket has the code', async () => {
    const free = await createEdition(database.db, { categories: [{ name: 'Guest', fee: 0, seats: 5 }] });
    const order = await register(free, 'Esha Typed');
    const code = order.delegates[0].confirmationNumber;
    const admitted = await checkIn(database.db, authUserOf(staff), `  ${code.toLowerCase()}  `, api.clock.now);
    expect(admitted).toMatchObject({ confirmationNumber: code, name: 'Esha Typed' });
    await expect(checkIn(database.db, authUserOf(staff), 'N99-999999-01', api.clock.now)).rejects.toMatchObject({
      kind: 'not_found',
      message: 'No ticket has this code.',
    });
  });

  it('lists the check-ins of the edition asked for only', async () => {
    const here = await register(first, 'Chitra Here');
    const there = await register(second, 'Dev There');
    for (const order of [here, there]) {
      await confirmAsGuest(api, order.id, staff.token);
      expect((await scan(order)).status).toBe(200);
    }
    const listed = async (editionId: number) => {
      const response = await api.request('GET', `/api/admin/natcon/check-ins?editionId=${editionId}`, {
        token: staff.token,
      });
      const body = (await response.json()) as { data: { items: { name: string; confirmationNumber: string }[] } };
      return body.data.items.map((i) => [i.name, i.confirmationNumber]);
    };
    expect(await listed(first.edition.id)).toEqual([['Chitra Here', here.delegates[0].confirmationNumber]]);
    expect(await listed(second.edition.id)).toEqual([['Dev There', there.delegates[0].confirmationNumber]]);
  });

  it('pages the check-ins, latest first', async () => {
    const free = await createEdition(database.db, { categories: [{ name: 'Guest', fee: 0, seats: 5 }] });
    const names = ['Farah One', 'Gopal Two', 'Hema Three'];
    const started = api.clock.now;
    try {
      for (const [minute, name] of names.entries()) {
        api.clock.now = new Date(started.getTime() + minute * 60_000);
        expect((await scan(await register(free, name))).status).toBe(200);
      }
    } finally {
      api.clock.now = started;
    }
    const page = async (n: number) => {
      const response = await api.request(
        'GET',
        `/api/admin/natcon/check-ins?editionId=${free.edition.id}&pageSize=2&page=${n}`,
        { token: staff.token },
      );
      const body = (await response.json()) as { data: { items: { name: string }[]; total: number } };
      return { names: body.data.items.map((item) => item.name), total: body.data.total };
    };
    expect(await page(1)).toEqual({ names: ['Hema Three', 'Gopal Two'], total: 3 });
    expect(await page(2)).toEqual({ names: ['Farah One'], total: 3 });
  });
});
