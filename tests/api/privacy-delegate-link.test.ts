import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api';
import { decodeQuotedPrintable } from '../support/mail';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';

/**
 * A NATCON delegate who is not the order's contact reaches their privacy rights through the private
 * link of their ticket e-mail (issue 26, item 3): their own data only, never the order or the others'.
 */
describeEachDatabase('a delegate’s privacy through their ticket link', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let order: { orderNumber: string; statusToken: string; id: number };
  let first: { email: string; confirmationNumber: string };
  let second: { email: string; confirmationNumber: string };
  let page: URL;

  const link = (query: Record<string, string>, suffix = '') =>
    `/api/privacy/status-link${suffix}?${new URLSearchParams(query).toString()}`;
  const own = () => ({
    kind: 'delegate',
    order: page.searchParams.get('order')!,
    ticket: page.searchParams.get('ticket')!,
    token: page.searchParams.get('token')!,
  });

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    superAdmin = await createUser(t.db, { roleId: '2' });
    const { categories } = await createEdition(t.db, { categories: [{ name: 'Non-member', fee: 500_000, seats: 20 }] });
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: registration(categories[0]!.id, [delegate({ name: 'Kavya First' }), delegate({ name: 'Rohan Second' })]),
    });
    expect(placed.status).toBe(201);
    const body = (await placed.json()).data;
    order = body;
    await confirmAsGuest(api, order.id, superAdmin.token);
    await api.settle();
    const delegates = await t.db
      .selectFrom('natcon_delegates')
      .select(['email', 'confirmation_number'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    [first, second] = delegates.map((d) => ({ email: d.email, confirmationNumber: d.confirmation_number! }));
    const mail = api
      .outbox()
      .map(decodeQuotedPrintable)
      .find((m) => m.includes(`To: ${second.email}`) && m.includes(`your ticket ${second.confirmationNumber}`));
    const address = mail?.match(/What we keep about you, and how to download, correct or erase it: (\S+)/)?.[1];
    expect(address).toBeDefined();
    page = new URL(address!);
  });
  afterAll(() => t.drop());

  it('links the delegate’s own page from the ticket e-mail, which opens their privacy section', async () => {
    expect(page.pathname).toBe('/natcon/register');
    expect(page.searchParams.get('ticket')).toBe(second.confirmationNumber);
    const view = await api.request('GET', link(own()));
    expect(view.status).toBe(200);
    expect((await view.json()).data).toMatchObject({ email: second.email, requests: [] });
  });

  it('opens with that delegate’s own key only', async () => {
    const key = own();
    const refused = [
      { ...key, token: order.statusToken },
      { ...key, ticket: first.confirmationNumber },
      { ...key, kind: 'natcon' },
    ];
    for (const query of refused) expect((await api.request('GET', link(query))).status).toBe(404);
    const malformed = await api.request('GET', link({ ...key, ticket: 'first' }));
    expect(malformed.status).toBe(400);
  });

  it('downloads the delegate’s own data, and nothing of the other delegate or the order', async () => {
    const file = await api.request('GET', link(own(), '/export'));
    expect(file.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await file.arrayBuffer()));
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    const rows = JSON.parse(strFromU8(zip['natcon-delegates.json']!)) as { email: string; name: string }[];
    expect(rows.map((r) => r.name)).toEqual(['Rohan Second']);
    expect(everything).not.toContain(first.email);
    expect(everything).not.toContain('Kavya First');
    expect(everything).not.toContain('ritu.sen@example.test');
  });

  it('asks for erasure; the request is the delegate’s, not shown to the order’s contact', async () => {
    const asked = await api.request('POST', link(own(), '/requests'), {
      body: { kind: 'erasure', details: 'Please erase my registration details after the conference.' },
    });
    expect(asked.status).toBe(201);
    const mine = (await (await api.request('GET', link(own()))).json()).data;
    expect(mine.requests).toEqual([expect.objectContaining({ kind: 'erasure', state: 'open' })]);
    const contact = await api.request(
      'GET',
      link({ kind: 'natcon', order: order.orderNumber, token: order.statusToken }),
    );
    expect((await contact.json()).data.requests).toEqual([]);
    const stored = await t.db.selectFrom('privacy_requests').select(['email', 'order_id']).execute();
    expect(stored).toEqual([{ email: second.email, order_id: null }]);
  });

  it('tells the delegate whether the ticket is good at the door, by their own key only, until the order is cancelled', async () => {
    const path = `/api/natcon/registrations/${order.orderNumber}/delegates/${second.confirmationNumber}`;
    const ticket = `/api/natcon/registrations/${order.orderNumber}/tickets/${second.confirmationNumber}`;
    const token = own().token;
    const valid = await api.request('GET', `${path}?token=${token}`);
    expect(valid.status).toBe(200);
    expect((await valid.json()).data).toEqual({
      orderNumber: order.orderNumber,
      confirmationNumber: second.confirmationNumber,
      name: 'Rohan Second',
      edition: expect.any(String),
      status: 'confirmed',
    });
    expect((await api.request('GET', `${path}?token=${order.statusToken}`)).status).toBe(404);
    const other = `/api/natcon/registrations/${order.orderNumber}/delegates/${first.confirmationNumber}?token=${token}`;
    expect((await api.request('GET', other)).status).toBe(404);
    expect((await api.request('GET', `${ticket}?token=${token}`)).status).toBe(200);

    const cancelled = await api.request('POST', `/api/admin/natcon/registrations/${order.id}/cancel`, {
      token: superAdmin.token,
      body: { note: 'The company withdrew its delegates.' },
    });
    expect(cancelled.status).toBe(200);
    const after = await api.request('GET', `${path}?token=${token}`);
    expect((await after.json()).data.status).toBe('cancelled');
    expect((await api.request('GET', `${ticket}?token=${token}`)).status).toBe(404);
  });
});
