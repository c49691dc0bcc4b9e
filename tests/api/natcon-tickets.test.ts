import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDiskStore } from '../../src/server/platform/storage';
import { sendTickets } from '../../src/server/domains/natcon';
import { logWhile } from '../support/log-capture';
import { decodeQuotedPrintable } from '../support/mail';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { confirmAsGuest, createEdition, delegate, registration } from '../support/natcon';

interface Order {
  data: {
    orderNumber: string;
    statusToken: string;
    id: number;
    delegates: { id: number; confirmationNumber: string }[];
  };
}

/** Every file in the upload folder (the disk store fans keys out into two-character folders). */
function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir)).map((f) => path.join(root, dir, f)));
}

describeEachDatabase('NATCON tickets kept in storage', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let uploads: string;
  let superAdmin: CreatedUser;
  let categories: { id: number; name: string }[];
  let editionId: number;

  const place = async (count: number) => {
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: registration(
        categories[0].id,
        Array.from({ length: count }, () => delegate()),
      ),
    });
    expect(response.status).toBe(201);
    const order = (await response.json()) as Order;
    await confirmAsGuest(api, order.data.id, superAdmin.token);
    await api.settle();
    return order.data;
  };
  const stored = (confirmationNumber: string) =>
    database.db
      .selectFrom('natcon_delegates')
      .select(['id', 'ticket_key', 'ticket_hash'])
      .where('confirmation_number', '=', confirmationNumber)
      .executeTakeFirstOrThrow();
  const fileOf = (key: string) => path.join(uploads, key.slice(0, 2), key);
  const download = async (order: { orderNumber: string; statusToken: string }, confirmationNumber: string) => {
    const response = await api.request(
      'GET',
      `/api/natcon/registrations/${order.orderNumber}/tickets/${confirmationNumber}?token=${order.statusToken}`,
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    database = await kind.create();
    uploads = mkdtempSync(path.join(os.tmpdir(), 'nipm-tickets-'));
    api = createTestApi(database.db, { storage: createDiskStore(uploads) });
    superAdmin = await createUser(database.db, { roleId: '2' });
    let edition;
    ({ categories, edition } = await createEdition(database.db, {
      categories: [
        { name: 'Non-member', fee: 1_000_000, seats: 50 },
        { name: 'Workshop', fee: 200_000, seats: 50 },
      ],
    }));
    editionId = edition.id;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('renders each ticket once, after the answer, and serves the stored file afterwards', async () => {
    const before = storedFiles(uploads).length;
    const order = await place(2);
    expect(storedFiles(uploads)).toHaveLength(before + 2);
    const first = await stored(order.delegates[0].confirmationNumber);
    expect(first.ticket_key).toMatch(/^[0-9a-f]{32}$/);
    const onDisk = readFileSync(fileOf(first.ticket_key!));
    expect(onDisk.subarray(0, 5).toString()).toBe('%PDF-');
    // Marked bytes in the stored file come back: the download read it and rendered nothing.
    const marked = Buffer.concat([onDisk, Buffer.from('\n% stored copy\n')]);
    writeFileSync(fileOf(first.ticket_key!), marked);
    expect((await download(order, order.delegates[0].confirmationNumber)).equals(marked)).toBe(true);
    expect((await download(order, order.delegates[0].confirmationNumber)).equals(marked)).toBe(true);
    expect((await stored(order.delegates[0].confirmationNumber)).ticket_key).toBe(first.ticket_key);
    expect(storedFiles(uploads)).toHaveLength(before + 2);
  });

  it('gives each delegate their own link to their ticket, which opens nothing else', async () => {
    const order = await place(2);
    const [first, second] = order.delegates.map((d) => d.confirmationNumber);
    const emailOf = async (confirmationNumber: string) =>
      (
        await database.db
          .selectFrom('natcon_delegates')
          .select('email')
          .where('confirmation_number', '=', confirmationNumber)
          .executeTakeFirstOrThrow()
      ).email;
    const secondEmail = await emailOf(second);
    const mail = api
      .outbox()
      .map(decodeQuotedPrintable)
      .find((m) => m.includes(`To: ${secondEmail}`) && m.includes(`your ticket ${second}`));
    const link = mail?.match(/Your ticket again, whenever you need it \(keep this link private\): (\S+)/)?.[1];
    expect(link).toMatch(new RegExp(`/api/natcon/registrations/${order.orderNumber}/tickets/${second}\\?token=`));
    const own = new URL(link!);
    const ticket = await api.request('GET', own.pathname + own.search);
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await ticket.arrayBuffer()).equals(await download(order, second))).toBe(true);

    // The same key opens neither the other delegate's ticket nor the order.
    const token = own.searchParams.get('token')!;
    const other = await api.request(
      'GET',
      `/api/natcon/registrations/${order.orderNumber}/tickets/${first}?token=${encodeURIComponent(token)}`,
    );
    expect(other.status).toBe(404);
    const orderPage = await api.request(
      'GET',
      `/api/natcon/registrations/${order.orderNumber}?token=${encodeURIComponent(token)}`,
    );
    expect(orderPage.status).toBe(404);
  });

  it('leaves a ticket unsent when its e-mail fails, logged, and sends it on the next try', async () => {
    const order = await place(2);
    const sentAt = async () =>
      (
        await database.db
          .selectFrom('natcon_delegates')
          .select('ticket_sent_at')
          .where('order_id', '=', order.id)
          .orderBy('id')
          .execute()
      ).map((d) => d.ticket_sent_at !== null);
    expect(await sentAt()).toEqual([true, true]);
    await database.db
      .updateTable('natcon_delegates')
      .set({ ticket_sent_at: null })
      .where('order_id', '=', order.id)
      .execute();
    const failing = {
      send: async () => {
        throw new Error('421 service not available');
      },
    } as unknown as typeof api.deps.mailer;
    let sent = -1;
    const logged = await logWhile(async () => {
      sent = await sendTickets({ ...api.deps, mailer: failing }, order.id, 'https://nipm.test', api.clock.now);
    });
    expect(sent).toBe(0);
    expect(await sentAt()).toEqual([false, false]);
    expect(logged).toEqual(
      order.delegates.map((d) =>
        expect.objectContaining({
          level: 'error',
          msg: 'NATCON ticket e-mail failed',
          confirmationNumber: d.confirmationNumber,
          err: expect.objectContaining({ message: '421 service not available' }),
        }),
      ),
    );
    expect(await sendTickets(api.deps, order.id, 'https://nipm.test', api.clock.now)).toBe(2);
    expect(await sentAt()).toEqual([true, true]);
  });

  it('makes a missing ticket on demand and keeps it', async () => {
    const order = await place(1);
    const number = order.delegates[0].confirmationNumber;
    const { id, ticket_key: key } = await stored(number);
    await api.deps.storage.remove(key!);
    const served = await download(order, number);
    const after = await stored(number);
    expect(after.ticket_key).not.toBe(key);
    expect(readFileSync(fileOf(after.ticket_key!)).equals(served)).toBe(true);
    await database.db
      .updateTable('natcon_delegates')
      .set({ ticket_key: null, ticket_hash: null })
      .where('id', '=', id)
      .execute();
    await download(order, number);
    expect((await stored(number)).ticket_key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('discards a moved delegate’s ticket and a cancelled order’s tickets from storage', async () => {
    const order = await place(2);
    const [moved, other] = await Promise.all(order.delegates.map((d) => stored(d.confirmationNumber)));
    const move = await api.request('POST', `/api/admin/natcon/delegates/${moved.id}/move`, {
      token: superAdmin.token,
      body: { categoryId: categories[1].id },
    });
    expect(move.status).toBe(200);
    expect(existsSync(fileOf(moved.ticket_key!))).toBe(false);
    expect((await stored(order.delegates[0].confirmationNumber)).ticket_key).toBeNull();
    expect(existsSync(fileOf(other.ticket_key!))).toBe(true);

    await download(order, order.delegates[0].confirmationNumber);
    const remade = await stored(order.delegates[0].confirmationNumber);
    expect(existsSync(fileOf(remade.ticket_key!))).toBe(true);

    const orderId = (
      await database.db
        .selectFrom('natcon_orders')
        .select('id')
        .where('order_number', '=', order.orderNumber)
        .executeTakeFirstOrThrow()
    ).id;
    const cancel = await api.request('POST', `/api/admin/natcon/registrations/${orderId}/cancel`, {
      token: superAdmin.token,
      body: { note: 'Duplicate registration' },
    });
    expect(cancel.status).toBe(200);
    expect(existsSync(fileOf(remade.ticket_key!))).toBe(false);
    expect(existsSync(fileOf(other.ticket_key!))).toBe(false);
    const keys = await Promise.all(order.delegates.map((d) => stored(d.confirmationNumber)));
    expect(keys.map((k) => k.ticket_key)).toEqual([null, null]);
  });

  it('renders a ticket again when what it shows has changed, and removes the old file', async () => {
    const order = await place(1);
    const number = order.delegates[0].confirmationNumber;
    const before = await stored(number);
    await database.db
      .updateTable('natcon_editions')
      .set({ venue: 'Science City' })
      .where('id', '=', editionId)
      .execute();
    const served = await download(order, number);
    const after = await stored(number);
    expect(after.ticket_key).not.toBe(before.ticket_key);
    expect(after.ticket_hash).not.toBe(before.ticket_hash);
    expect(existsSync(fileOf(before.ticket_key!))).toBe(false);
    expect(readFileSync(fileOf(after.ticket_key!)).equals(served)).toBe(true);
  });
});
