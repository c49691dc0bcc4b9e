import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';

interface Answer {
  success: boolean;
  data: Record<string, unknown> & {
    orderNumber: string;
    statusToken: string;
    state: string;
    amountDue: number;
    message: string;
    delegates: { confirmationNumber: string; price: number; memberNumber: string | null }[];
  };
  error?: { code: string; message: string; fields?: Record<string, string> };
}

const json = async (response: Response) => (await response.json()) as Answer;

describeEachDatabase('NATCON registration API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let categories: { id: number; name: string }[];
  let chapterId: number;

  const register = (body: unknown) => api.request('POST', '/api/natcon/registrations', { body });
  const orderCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('natcon_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    chapterId = (await createChapter(database.db)).id;
    ({ categories } = await createEdition(database.db, {
      categories: [
        { name: 'Non-member', fee: 1_500_000, seats: 500, earlyBirdFee: 1_200_000, earlyBirdUntil: '2027-01-31' },
        { name: 'NIPM member', fee: 900_000, seats: 500, memberRate: true },
        { name: 'Student', fee: 300_000, seats: 100, studentRate: true },
        { name: 'Workshop', fee: 200_000, seats: 4 },
      ],
      awards: [{ name: 'HR Leader of the Year', nomineeKind: 'person' }],
    }));
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('shows whether registration is open by the edition’s own dates, in Kolkata', async () => {
    const shown = async (at: string) => {
      api.clock.now = new Date(at);
      const body = (await (await api.request('GET', '/api/natcon')).json()) as {
        data: { edition: { id: number; registration: string } };
      };
      return body.data.edition.registration;
    };
    const { id } = ((await (await api.request('GET', '/api/natcon')).json()) as { data: { edition: { id: number } } })
      .data.edition;
    const { registration_opens_on: opens, registration_closes_on: closes } = await database.db
      .selectFrom('natcon_editions')
      .select(['registration_opens_on', 'registration_closes_on'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const kolkataMidnight = (day: string, minutes: number) =>
      new Date(Date.parse(`${day}T00:00:00+05:30`) + minutes * 60_000).toISOString();
    try {
      expect(await shown(kolkataMidnight(opens, -1))).toBe('not_yet_open');
      expect(await shown(kolkataMidnight(opens, 1))).toBe('open');
      expect(await shown(kolkataMidnight(closes, 24 * 60 - 1))).toBe('open');
      expect(await shown(kolkataMidnight(closes, 24 * 60 + 1))).toBe('closed');
    } finally {
      api.clock.now = new Date();
    }
  });

  it('shows the edition with today’s prices (early bird by the date in Kolkata) and seats left', async () => {
    api.clock.now = new Date('2027-01-31T18:29:00Z'); // 23:59 on 31 January in Kolkata
    let body = (await (await api.request('GET', '/api/natcon')).json()) as {
      data: {
        edition: {
          registration: string;
          categories: { name: string; price: number; earlyBird: boolean; seatsLeft: number }[];
        };
      };
    };
    expect(body.data.edition.registration).toBe('open');
    expect(body.data.edition.categories[0]).toMatchObject({
      name: 'Non-member',
      price: 1_200_000,
      earlyBird: true,
      seatsLeft: 500,
    });
    api.clock.now = new Date('2027-01-31T18:31:00Z'); // 00:01 on 1 February in Kolkata
    body = (await (await api.request('GET', '/api/natcon')).json()) as typeof body;
    expect(body.data.edition.categories[0]).toMatchObject({ price: 1_500_000, earlyBird: false });
    api.clock.now = new Date();
  });

  it('prices an order at the early-bird fee up to the last day in Kolkata and the fee after it', async () => {
    api.clock.now = new Date('2027-01-31T18:29:00Z');
    const early = await json(await register(registration(categories[0].id, [delegate()])));
    expect(early.data.amountDue).toBe(1_200_000);
    api.clock.now = new Date('2027-01-31T18:31:00Z');
    const late = await json(await register(registration(categories[0].id, [delegate()])));
    expect(late.data.amountDue).toBe(1_500_000);
    api.clock.now = new Date();
  });

  it('registers a group with one confirmation number per order and per delegate, and e-mails each a PDF ticket', async () => {
    await api.settle();
    const before = api.outbox().length;
    const response = await register(
      registration(
        categories[0].id,
        [delegate({ name: 'Anil Das' }), delegate({ name: 'Bina Roy' }), delegate({ name: 'Chitra Paul' })],
        {
          gstin: '19aaacn1234f1zu',
          buyerAddress: 'Hooghly Jute Mills, Strand Road, Kolkata 700001',
        },
      ),
    );
    expect(response.status).toBe(201);
    const order = await json(response);
    expect(order.data.state).toBe('confirmed');
    expect(order.data.orderNumber).toMatch(/^N27-\d{6}$/);
    expect(order.data.delegates.map((d) => d.confirmationNumber)).toEqual([
      `${order.data.orderNumber}-01`,
      `${order.data.orderNumber}-02`,
      `${order.data.orderNumber}-03`,
    ]);
    expect(order.data.amountDue).toBe(3 * 1_200_000);
    expect(order.data.gstin).toBe('19AAACN1234F1ZU');
    // Seats held, not confirmed, and no ticket until the payment is verified (issue 28).
    expect(order.data.status).toBe('awaiting_payment');
    expect(order.data.holdUntil).not.toBeNull();
    await api.settle();
    const held = api.outbox().slice(before);
    expect(held.filter((m) => m.includes('Content-Type: application/pdf'))).toHaveLength(0);
    expect(held.some((m) => m.includes(`order ${order.data.orderNumber} awaits payment`))).toBe(true);
    await confirmAsGuest(api, Number(order.data.id), superAdmin.token);
    await api.settle();
    const mails = api.outbox().slice(before);
    const tickets = mails.filter((m) => m.includes('Content-Type: application/pdf'));
    expect(tickets).toHaveLength(3);
    expect(tickets.some((m) => m.includes(`filename=ticket-${order.data.orderNumber}-02.pdf`))).toBe(true);

    const link = `/api/natcon/registrations/${order.data.orderNumber}`;
    expect((await api.request('GET', `${link}?token=${order.data.statusToken}`)).status).toBe(200);
    expect((await api.request('GET', `${link}?token=wrong-token`)).status).toBe(404);
    const ticket = await api.request(
      'GET',
      `${link}/tickets/${order.data.orderNumber}-01?token=${order.data.statusToken}`,
    );
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await ticket.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('gives a member’s rate only for the e-mail on a current member’s record', async () => {
    const current = await createMember(database.db, chapterId, { email: 'Current.Member@Example.test' });
    await database.db.updateTable('members').set({ paid_through_year: 2026 }).where('id', '=', current.id).execute();
    const lapsed = await createMember(database.db, chapterId, { email: 'lapsed@example.test' });
    await database.db.updateTable('members').set({ paid_through_year: 2025 }).where('id', '=', lapsed.id).execute();
    const life = await createMember(database.db, chapterId, { email: 'life@example.test' });
    await database.db.updateTable('members').set({ membership_class: 'life' }).where('id', '=', life.id).execute();
    const before = await orderCount();

    const wrongEmail = await register(
      registration(categories[1].id, [
        delegate({ memberNumber: current.member_number, email: 'someone.else@example.test' }),
      ]),
    );
    expect(wrongEmail.status).toBe(400);
    expect((await json(wrongEmail)).error?.fields?.['delegates.0.email']).toMatch(
      /not the one on that member’s record/,
    );

    const lapsedMember = await register(
      registration(categories[1].id, [delegate({ memberNumber: lapsed.member_number, email: 'lapsed@example.test' })]),
    );
    expect(lapsedMember.status).toBe(400);
    expect((await json(lapsedMember)).error?.fields?.['delegates.0.memberNumber']).toMatch(/not current/);

    const noNumber = await register(registration(categories[1].id, [delegate()]));
    expect((await json(noNumber)).error?.fields?.['delegates.0.memberNumber']).toMatch(/member number/);
    expect(await orderCount()).toBe(before);

    const ok = await register(
      registration(categories[1].id, [
        delegate({ memberNumber: current.member_number, email: 'current.member@example.test' }),
        delegate({ memberNumber: life.member_number, email: 'LIFE@example.test' }),
      ]),
    );
    expect(ok.status).toBe(201);
    const placed = (await json(ok)).data;
    expect(placed.amountDue).toBe(2 * 900_000);
    // The status page names each delegate's membership as the register has it.
    const page = await api.request(
      'GET',
      `/api/natcon/registrations/${placed.orderNumber}?token=${placed.statusToken}`,
    );
    expect(((await json(page)).data.delegates as { memberNumber: string | null }[]).map((d) => d.memberNumber)).toEqual(
      [current.member_number, life.member_number],
    );
  });

  it('answers bad input with a message per field and writes nothing', async () => {
    const before = await orderCount();
    const cases: [unknown, string][] = [
      [registration(categories[0].id, []), 'delegates'],
      [registration(categories[0].id, [delegate({ phone: '12' })]), 'delegates.0.phone'],
      [registration(categories[0].id, [delegate({ email: 'not-an-email' })]), 'delegates.0.email'],
      [registration(categories[0].id, [delegate({ shoeSize: 9 })]), 'delegates.0.shoeSize'],
      [registration(categories[0].id, [delegate()], { isAdmin: true }), 'isAdmin'],
      [registration(categories[0].id, [delegate()], { gstin: 'ABC' }), 'gstin'],
      // The pattern fits but the check character does not (the full GSTIN check).
      [registration(categories[0].id, [delegate()], { gstin: '19AAACN1234F1Z5', buyerAddress: 'Kolkata' }), 'gstin'],
      [registration(categories[0].id, [delegate()], { gstin: '19AAACN1234F1ZU' }), 'buyerAddress'],
      [registration(categories[0].id, [delegate()], { buyerStateCode: '98' }), 'buyerStateCode'],
      [registration(999_999, [delegate()]), 'categoryId'],
      [
        registration(categories[0].id, [
          delegate({ email: 'same@example.test' }),
          delegate({ email: 'same@example.test' }),
        ]),
        'delegates.1.email',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await register(body);
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect((await json(response)).error?.fields?.[field]).toBeTruthy();
    }
    expect(await orderCount()).toBe(before);
  });

  it('puts a group that does not fit on the waiting list with a clear message', async () => {
    const fits = await json(await register(registration(categories[3].id, [delegate(), delegate(), delegate()])));
    expect(fits.data.state).toBe('confirmed');
    const tooMany = await json(await register(registration(categories[3].id, [delegate(), delegate()])));
    expect(tooMany.data.state).toBe('waitlisted');
    expect(tooMany.data.message).toBe(
      'Only 1 seat left in Workshop: this registration joins the waiting list. We will write to you if a seat becomes free.',
    );
    const seats = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', categories[3].id)
      .executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(3);
  });

  it('refuses registrations outside the registration window', async () => {
    const db = database.db;
    const closed = await createEdition(db, {
      year: 2025,
      opensOn: '2024-01-01',
      closesOn: '2025-01-01',
      published: true,
    });
    const response = await register({
      ...registration(closed.categories[0].id, [delegate()]),
      editionId: closed.edition.id,
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error?.message).toMatch(/closed on 2025-01-01/);
  });

  it('sells exactly the seats there are to 200 simultaneous registrations for 100 seats', async () => {
    const {
      categories: [limited],
    } = await createEdition(database.db, {
      year: 2028,
      categories: [{ name: 'Limited', fee: 100_000, seats: 100 }],
    });
    // The tickets' e-mails are not what this measures: a second app on the same database drops them.
    const rush = createTestApi(database.db, { defer: () => {} });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        rush
          .request('POST', '/api/natcon/registrations', {
            body: {
              ...registration(limited.id, [delegate({ email: `rush-${i}@example.test` })]),
              editionId: limited.edition_id,
            },
          })
          .then(json),
      ),
    );
    const states = answers.map((a) => a.data?.state);
    expect(states.filter((s) => s === 'confirmed')).toHaveLength(100);
    expect(states.filter((s) => s === 'waitlisted')).toHaveLength(100);
    expect(answers.find((a) => a.data?.state === 'waitlisted')?.data.message).toMatch(
      /^Limited is full: this registration joins the waiting list/,
    );
    const row = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', limited.id)
      .executeTakeFirstOrThrow();
    expect(row.seats_taken).toBe(100);
    const confirmed = await database.db
      .selectFrom('natcon_delegates as d')
      .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.category_id', '=', limited.id)
      .where('o.state', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(Number(confirmed.n)).toBe(100);
  }, 60_000);

  it('lets the super admin set up an edition, categories and awards, validated', async () => {
    const token = superAdmin.token;
    const created = await api.request('POST', '/api/admin/natcon/editions', {
      token,
      body: {
        title: 'NATCON 2030',
        year: 2030,
        theme: 'Work that works',
        startsOn: '2030-02-01',
        endsOn: '2030-02-03',
        venue: 'Hall A',
        city: 'Pune',
        registrationOpensOn: '2029-10-01',
        registrationClosesOn: '2030-01-25',
      },
    });
    expect(created.status).toBe(201);
    const editionId = ((await created.json()) as { data: { id: number } }).data.id;
    const category = await api.request('POST', `/api/admin/natcon/editions/${editionId}/categories`, {
      token,
      body: { name: 'Delegate', fee: 1_000_000, earlyBirdFee: 800_000, earlyBirdUntil: '2029-12-31', seats: 50 },
    });
    expect(category.status).toBe(201);
    const badEarlyBird = await api.request('POST', `/api/admin/natcon/editions/${editionId}/categories`, {
      token,
      body: { name: 'Bad', fee: 1_000, earlyBirdFee: 2_000, earlyBirdUntil: '2029-12-31', seats: 5 },
    });
    expect((await json(badEarlyBird)).error?.fields?.earlyBirdFee).toBe('The early-bird fee is at most the fee.');
    const award = await api.request('POST', `/api/admin/natcon/editions/${editionId}/award-categories`, {
      token,
      body: { name: 'Best Employer', criteria: 'Sustained people practices.', nomineeKind: 'organisation' },
    });
    expect(award.status).toBe(201);
    const backwards = await api.request('POST', '/api/admin/natcon/editions', {
      token,
      body: {
        title: 'NATCON 2031',
        year: 2031,
        theme: 'x',
        startsOn: '2031-02-03',
        endsOn: '2031-02-01',
        venue: 'v',
        city: 'c',
        registrationOpensOn: '2030-10-01',
        registrationClosesOn: '2031-01-01',
      },
    });
    expect((await json(backwards)).error?.fields?.endsOn).toBeTruthy();
    const missing = await api.request('POST', '/api/admin/natcon/editions/999999/categories', {
      token,
      body: { name: 'X', fee: 1, seats: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it('never lets seats drop below those taken', async () => {
    const response = await api.request('PATCH', `/api/admin/natcon/categories/${categories[3].id}`, {
      token: superAdmin.token,
      body: { seats: 2 },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error?.fields?.seats).toBe('3 seats are already taken: give at least that many.');
  });
});
