import { afterAll, beforeAll, expect, it } from 'vitest';
import { delegateTicketView, orderForTicket } from '../../src/server/domains/natcon/orders';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { decodeQuotedPrintable } from '../support/mail';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';

interface Order {
  id: number;
  orderNumber: string;
  state: string;
  statusToken: string;
  delegates: { id: number; confirmationNumber: string }[];
}

/**
 * A delegate who is not the buyer reaches their own ticket page from the ticket e-mail alone: the
 * link's key opens that one delegate, whatever the case of the numbers typed, and nothing else.
 */
describeEachDatabase('NATCON a delegate’s own page', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let title: string;
  let editionId: number;
  let order: Order;
  let free: Order;
  let ticketMail: string;

  const register = async (body: Record<string, unknown>) =>
    (
      (await (await api.request('POST', '/api/natcon/registrations', { body: { ...body, editionId } })).json()) as {
        data: Order;
      }
    ).data;
  const page = (orderNumber: string, confirmation: string, query: string) =>
    api.request('GET', `/api/natcon/registrations/${orderNumber}/delegates/${confirmation}${query}`);
  const mailsTo = async (email: string) => {
    await api.settle();
    return api
      .outbox()
      .filter((m) => m.includes(`To: ${email}`))
      .map(decodeQuotedPrintable);
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '2' });
    const made = await createEdition(database.db, {
      categories: [
        { name: 'Delegate', fee: 700_000, seats: 10 },
        { name: 'Invitee', fee: 0, seats: 10 },
      ],
    });
    title = made.edition.title;
    editionId = made.edition.id;
    order = await register(
      registration(made.categories[0].id, [
        delegate({ name: 'Mitali Buyer', email: 'mitali.buyer@example.test' }),
        delegate({ name: 'Rohan Second', email: 'rohan.second@example.test' }),
      ]),
    );
    await confirmAsGuest(api, order.id, staff.token);
    [ticketMail] = await mailsTo('rohan.second@example.test');
    free = await register(
      registration(made.categories[1].id, [delegate()], {
        contact: { name: 'Sohini Basu', email: 'sohini.basu@example.test', phone: '9830012345' },
      }),
    );
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  const ownLink = () => {
    const found = /\/api\/natcon\/registrations\/([^/\s]+)\/tickets\/([^?\s]+)\?token=(\S+)/.exec(ticketMail);
    expect(found).not.toBeNull();
    const [, orderNumber, confirmation, token] = found!;
    return { orderNumber, confirmation, token };
  };

  it('e-mails the second delegate a ticket naming the order and their own confirmation number', () => {
    const second = order.delegates[1].confirmationNumber;
    expect(ticketMail).toContain(`${title}: your ticket ${second}`);
    expect(ticketMail).toContain('Dear Rohan Second,');
    expect(ownLink()).toMatchObject({ orderNumber: order.orderNumber, confirmation: second });
    expect(ticketMail).toContain(`/natcon/register?order=${order.orderNumber}&ticket=${second}&token=`);
  });

  it('opens the delegate’s page with the e-mailed key, in upper or lower case', async () => {
    const { orderNumber, confirmation, token } = ownLink();
    const expected = {
      orderNumber: order.orderNumber,
      confirmationNumber: order.delegates[1].confirmationNumber,
      name: 'Rohan Second',
      edition: title,
      status: 'confirmed',
    };
    const exact = await page(orderNumber, confirmation, `?token=${token}`);
    expect(exact.status).toBe(200);
    expect(((await exact.json()) as { data: unknown }).data).toEqual(expected);
    const lower = await page(orderNumber.toLowerCase(), confirmation.toLowerCase(), `?token=${token}`);
    expect(lower.status).toBe(200);
    expect(((await lower.json()) as { data: unknown }).data).toEqual(expected);
  });

  it('answers 404, saying nothing of which part was wrong, to any key but the delegate’s own', async () => {
    const { orderNumber, confirmation, token } = ownLink();
    const first = order.delegates[0].confirmationNumber;
    const bare = await page(orderNumber, confirmation, '?token=');
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      token: 'The link’s token is missing.',
    });
    const refusals = [
      await page(orderNumber, confirmation, `?token=${order.statusToken}`),
      await page(orderNumber, first, `?token=${token}`),
      await page(orderNumber, confirmation.replace(/-\d{2}$/, '-09'), `?token=${token}`),
      await page(free.orderNumber, confirmation, `?token=${token}`),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No such registration.');
    }
    // Asked of the service with no key at all (the route's schema stops an empty one first), the page and the
    // ticket stay shut.
    for (const opening of [
      delegateTicketView(database.db, orderNumber, confirmation, undefined),
      orderForTicket(database.db, orderNumber, confirmation, undefined),
    ]) {
      await expect(opening).rejects.toMatchObject({ kind: 'not_found', message: 'No such registration.' });
    }
  });

  it('tells the buyer of a free order that it is registered and the tickets follow', async () => {
    expect(free.state).toBe('confirmed');
    const mails = await mailsTo('sohini.basu@example.test');
    const ack = mails.find((m) => m.includes(`order ${free.orderNumber}`));
    expect(ack).toContain(`${title}: order ${free.orderNumber} is registered`);
    expect(ack).toContain(`Order ${free.orderNumber} is registered. Each delegate receives their ticket by e-mail.`);
    expect(ack).not.toContain('awaits payment');
  });
});
