import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { decodeQuotedPrintable } from '../support/mail';
import { createEdition, delegate, registration } from '../support/natcon';

interface Order {
  id: number;
  orderNumber: string;
  state: string;
  status: string;
  delegates: { id: number }[];
}
interface Answer {
  data: Order;
  error?: { message: string };
}

/**
 * The desk's hand actions on one order, and what each refusal says: promoting from the waiting list
 * (with the offer e-mail and the audit entry), moving a delegate, confirming an invited guest.
 */
describeEachDatabase('NATCON desk actions', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let title: string;
  let editionId: number;
  let hall: { id: number };
  let annex: { id: number };
  let guest: { id: number };
  let elsewhere: { id: number };
  let seated: Order;
  let queued: Order;
  let annexSeat: Order;
  let freeSeated: Order;
  let freeQueued: Order;

  const register = async (categoryId: number, email: string) =>
    (
      (await (
        await api.request('POST', '/api/natcon/registrations', {
          body: {
            ...registration(categoryId, [delegate()], {
              contact: { name: 'Chandan Das', email, phone: '9830012345' },
            }),
            editionId,
          },
        })
      ).json()) as Answer
    ).data;
  const post = async (url: string, body?: unknown) => {
    const response = await api.request('POST', url, { token: staff.token, body });
    return { status: response.status, answer: (await response.json()) as Answer };
  };
  const promote = (id: number) => post(`/api/admin/natcon/registrations/${id}/promote`);
  const move = (delegateId: number, categoryId: number) =>
    post(`/api/admin/natcon/delegates/${delegateId}/move`, { categoryId });
  const confirmUnpaid = (id: number) =>
    post(`/api/admin/natcon/registrations/${id}/confirm-unpaid`, { note: 'Invited speaker' });
  const seats = (category: { id: number }, total: number) =>
    database.db.updateTable('natcon_categories').set({ seats: total }).where('id', '=', category.id).execute();
  const mailsTo = async (email: string) => {
    await api.settle();
    return api
      .outbox()
      .filter((m) => m.includes(`To: ${email}`))
      .map(decodeQuotedPrintable);
  };
  const promotedAudit = (id: number) =>
    database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'detail'])
      .where('action', '=', 'natcon.order_promoted')
      .where('entity_id', '=', String(id))
      .execute();

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '2' });
    const made = await createEdition(database.db, {
      categories: [
        { name: 'Hall', fee: 400_000, seats: 1 },
        { name: 'Annex', fee: 400_000, seats: 1 },
        { name: 'Guest', fee: 0, seats: 1 },
      ],
    });
    title = made.edition.title;
    editionId = made.edition.id;
    [hall, annex, guest] = made.categories;
    elsewhere = (await createEdition(database.db, { categories: [{ name: 'Elsewhere', fee: 1000, seats: 5 }] }))
      .categories[0];
    seated = await register(hall.id, 'seated@example.test');
    queued = await register(hall.id, 'queued@example.test');
    annexSeat = await register(annex.id, 'annex@example.test');
    freeSeated = await register(guest.id, 'free.seated@example.test');
    freeQueued = await register(guest.id, 'free.queued@example.test');
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('placed the orders the actions are tested on', () => {
    expect([seated, queued, annexSeat, freeSeated, freeQueued].map((o) => o.state)).toEqual([
      'confirmed',
      'waitlisted',
      'confirmed',
      'confirmed',
      'waitlisted',
    ]);
  });

  it('refuses to promote a missing order, a seated one, or one whose category is still full', async () => {
    const missing = await promote(99_999_999);
    expect([missing.status, missing.answer.error?.message]).toEqual([404, 'No such registration.']);
    const confirmed = await promote(seated.id);
    expect([confirmed.status, confirmed.answer.error?.message]).toEqual([
      409,
      'Only an order on the waiting list can be promoted; this one is confirmed.',
    ]);
    const full = await promote(queued.id);
    expect([full.status, full.answer.error?.message]).toEqual([409, 'Hall is full: it stays on the waiting list.']);
    expect(await promotedAudit(queued.id)).toEqual([]);
  });

  it('promotes an order with an amount due: seats held unpaid, the buyer e-mailed a new link, audited', async () => {
    await seats(hall, 2);
    // An offer held 12 hours by an edition that reminds 24 hours ahead is reminded an hour before it ends.
    const hours = (offer: number, reminder: number) =>
      database.db
        .updateTable('natcon_editions')
        .set({ offer_hours: offer, reminder_hours: reminder })
        .where('id', '=', editionId)
        .execute();
    await hours(12, 24);
    const promoted = await promote(queued.id).finally(() => hours(48, 24));
    expect(promoted.status).toBe(200);
    expect(promoted.answer.data).toMatchObject({ state: 'confirmed', status: 'offered' });
    const row = await database.db
      .selectFrom('natcon_orders')
      .select(['hold_until', 'hold_kind', 'remind_at'])
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    const hoursFromNow = (n: number) => new Date(api.clock.now.getTime() + n * 3_600_000).toISOString();
    expect(row).toEqual({ hold_kind: 'offer', hold_until: hoursFromNow(12), remind_at: hoursFromNow(1) });
    const audit = await promotedAudit(queued.id);
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail ?? '{}') as unknown }))).toEqual([
      {
        actor_user_id: staff.id,
        entity: 'natcon_order',
        detail: { orderNumber: queued.orderNumber, holdUntil: row.hold_until },
      },
    ]);
    const [mail, ...more] = (await mailsTo('queued@example.test')).filter((m) => m.includes('are free'));
    expect(more).toEqual([]);
    expect(mail).toContain(`${title}: seats for order ${queued.orderNumber} are free`);
    expect(mail).toContain('Dear Chandan Das,');
    expect(mail).toContain(
      `Seats have become free for order ${queued.orderNumber}, which was on the waiting list. They are held for you until`,
    );
    expect(mail).toContain(`/natcon/register?order=${queued.orderNumber}&token=`);
  });

  it('promotes a free order with no hold, and says nothing is due', async () => {
    await seats(guest, 2);
    const promoted = await promote(freeQueued.id);
    expect(promoted.status).toBe(200);
    expect(promoted.answer.data.state).toBe('confirmed');
    const [audit] = await promotedAudit(freeQueued.id);
    expect(JSON.parse(audit.detail ?? '{}')).toEqual({ orderNumber: freeQueued.orderNumber, holdUntil: null });
    const mails = await mailsTo('free.queued@example.test');
    const offer = mails.find((m) => m.includes('are free'));
    expect(offer).toContain(
      `Seats have become free for order ${freeQueued.orderNumber}, which was on the waiting list. Nothing is due: each delegate receives a ticket by e-mail.`,
    );
    expect(offer).not.toContain('held for you');
  });

  it('offers a freed seat to a free waiting order without a hold', async () => {
    const next = await register(guest.id, 'free.next@example.test');
    expect(next.state).toBe('waitlisted');
    const cancelled = await post(`/api/admin/natcon/registrations/${freeSeated.id}/cancel`, { note: 'Withdrew' });
    expect(cancelled.status).toBe(200);
    const row = await database.db
      .selectFrom('natcon_orders')
      .select(['state', 'payment_state', 'hold_until', 'remind_at', 'hold_kind'])
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      state: 'confirmed',
      payment_state: 'not_due',
      hold_until: null,
      remind_at: null,
      hold_kind: null,
    });
    const offer = (await mailsTo('free.next@example.test')).find((m) => m.includes('are free'));
    expect(offer).toContain(`${title}: seats for order ${next.orderNumber} are free`);
    expect(offer).toContain(
      `Seats have become free for order ${next.orderNumber}, which was on the waiting list. Nothing is due: each delegate receives a ticket by e-mail.`,
    );
  });

  it('refuses to move a delegate who is missing, to another edition, into a full category, or when cancelled', async () => {
    const missing = await move(99_999_999, annex.id);
    expect([missing.status, missing.answer.error?.message]).toEqual([404, 'No such delegate.']);
    const away = await move(seated.delegates[0].id, elsewhere.id);
    expect([away.status, away.answer.error?.message]).toEqual([404, 'No such category in this edition.']);
    const full = await move(seated.delegates[0].id, annex.id);
    expect([full.status, full.answer.error?.message]).toEqual([409, 'Annex is full.']);
    await post(`/api/admin/natcon/registrations/${annexSeat.id}/cancel`, { note: 'Withdrew' });
    const cancelled = await move(annexSeat.delegates[0].id, hall.id);
    expect([cancelled.status, cancelled.answer.error?.message]).toEqual([409, 'The order is cancelled.']);
    const delegates = await database.db
      .selectFrom('natcon_delegates')
      .select(['id', 'category_id'])
      .where('id', 'in', [seated.delegates[0].id, annexSeat.delegates[0].id])
      .orderBy('id')
      .execute();
    expect(delegates.map((d) => d.category_id)).toEqual([hall.id, annex.id]);
  });

  it('moves a waiting delegate without taking a seat, and a move into the same category changes nothing', async () => {
    const own = await createEdition(database.db, {
      categories: [
        { name: 'Front', fee: 400_000, seats: 1 },
        { name: 'Back', fee: 400_000, seats: 5 },
      ],
    });
    const [front, back] = own.categories;
    const place = async (email: string) =>
      (
        (await (
          await api.request('POST', '/api/natcon/registrations', {
            body: {
              ...registration(front.id, [delegate()], { contact: { name: 'Ila Bose', email, phone: '9830012345' } }),
              editionId: own.edition.id,
            },
          })
        ).json()) as Answer
      ).data;
    const sitting = await place('front.seat@example.test');
    const waitingToo = await place('front.wait@example.test');
    expect([sitting.state, waitingToo.state]).toEqual(['confirmed', 'waitlisted']);
    const taken = async () =>
      (
        await database.db
          .selectFrom('natcon_categories')
          .select(['id', 'seats_taken'])
          .where('id', 'in', [front.id, back.id])
          .orderBy('id')
          .execute()
      ).map((c) => c.seats_taken);
    expect(await taken()).toEqual([1, 0]);

    expect((await move(waitingToo.delegates[0].id, back.id)).status).toBe(200);
    expect(await taken()).toEqual([1, 0]);
    expect((await move(sitting.delegates[0].id, front.id)).status).toBe(200);
    expect(await taken()).toEqual([1, 0]);
    // Any entry about these delegates, however it might be named.
    const moves = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity', 'entity_id', 'detail'])
      .where('entity_id', 'in', [String(sitting.delegates[0].id), String(waitingToo.delegates[0].id)])
      .where((eb) =>
        eb.or([eb('entity', 'in', ['natcon_delegate', '']), eb('action', 'in', ['natcon.delegate_moved', ''])]),
      )
      .execute();
    expect(moves.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail ?? 'null') }))).toEqual([
      {
        action: 'natcon.delegate_moved',
        actor_user_id: staff.id,
        entity: 'natcon_delegate',
        entity_id: String(waitingToo.delegates[0].id),
        detail: { from: front.id, to: back.id },
      },
    ]);
  });

  it('confirms an invited guest only once, and only on an order with seats', async () => {
    const missing = await confirmUnpaid(99_999_999);
    expect([missing.status, missing.answer.error?.message]).toEqual([404, 'No such registration.']);
    const waiting = await register(hall.id, 'waiting.guest@example.test');
    expect(waiting.state).toBe('waitlisted');
    const noSeats = await confirmUnpaid(waiting.id);
    expect([noSeats.status, noSeats.answer.error?.message]).toEqual([
      409,
      'This order has no seats: promote it from the waiting list first.',
    ]);
    const cancelled = await confirmUnpaid(annexSeat.id);
    expect([cancelled.status, cancelled.answer.error?.message]).toEqual([409, 'This order is cancelled.']);
    expect((await confirmUnpaid(seated.id)).status).toBe(200);
    const twice = await confirmUnpaid(seated.id);
    expect([twice.status, twice.answer.error?.message]).toEqual([
      409,
      `Order ${seated.orderNumber} needs no confirmation: it is paid or already confirmed.`,
    ]);
    const audits = await database.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'actor_user_id', 'detail'])
      .where('action', '=', 'natcon.order_confirmed_unpaid')
      .execute();
    expect(audits.map((a) => ({ ...a, detail: JSON.parse(a.detail ?? 'null') }))).toEqual([
      {
        entity: 'natcon_order',
        entity_id: String(seated.id),
        actor_user_id: staff.id,
        detail: {
          orderNumber: seated.orderNumber,
          note: 'Invited speaker',
          before: { paymentState: 'unpaid', holdUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
        },
      },
    ]);
  });

  it('refuses to promote a group larger than the seats left; a group split over two categories lists both', async () => {
    const { seats_taken: taken } = await database.db
      .selectFrom('natcon_categories')
      .select('seats_taken')
      .where('id', '=', hall.id)
      .executeTakeFirstOrThrow();
    await seats(hall, taken + 1);
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(hall.id, [delegate(), delegate()], {
          contact: { name: 'Chandan Das', email: 'group@example.test', phone: '9830012345' },
        }),
        editionId,
      },
    });
    const group = ((await response.json()) as Answer).data;
    expect(group.state).toBe('waitlisted');
    const refused = await promote(group.id);
    expect([refused.status, refused.answer.error?.message]).toEqual([
      409,
      'Only 1 seat left in Hall: it stays on the waiting list.',
    ]);
    await seats(hall, taken + 3);
    const promoted = await promote(group.id);
    expect([promoted.status, promoted.answer.data.state]).toEqual([200, 'confirmed']);
    await seats(annex, 10);
    expect((await move(group.delegates[1].id, annex.id)).status).toBe(200);
    const listed = (await (
      await api.request('GET', `/api/admin/natcon/registrations?editionId=${editionId}&q=group@example.test`, {
        token: staff.token,
      })
    ).json()) as { data: { items: { orderNumber: string; categories: string }[] } };
    expect(listed.data.items).toMatchObject([{ orderNumber: group.orderNumber, categories: 'Annex, Hall' }]);
  });
});
