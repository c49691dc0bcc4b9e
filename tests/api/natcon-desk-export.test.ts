import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_BATCH_ROWS } from '../../src/server/platform/db/export-rows';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';

/**
 * The delegates' CSV of a large conference: read from the database batch by batch as it is sent, so an
 * export past one batch must still hold every delegate once, in order.
 */
describeEachDatabase('NATCON delegates CSV past one batch', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '5' });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('lists every delegate of the filtered orders once, however many batches it takes', async () => {
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Delegate', fee: 0, seats: 2_000 }],
    });
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: { ...registration(categories[0].id, [delegate({ name: 'First Delegate' })]), editionId: edition.id },
    });
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as { data: { id: number; orderNumber: string } }).data;
    const more = EXPORT_BATCH_ROWS + 20;
    const rows = Array.from({ length: more }, (_, i) => ({
      order_id: order.id,
      category_id: categories[0].id,
      position: i + 2,
      confirmation_number: `${order.orderNumber}-${String(i + 2).padStart(3, '0')}`,
      name: `Bulk Delegate ${i + 2}`,
      email: `bulk${i + 2}@example.test`,
      phone: '9830012345',
      designation: null,
      member_id: null,
      chapter_id: null,
      price: 1_234_50,
      student_id_key: null,
      student_id_type: null,
      checked_in_at: null,
      checked_in_by: null,
      ticket_sent_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await database.db
        .insertInto('natcon_delegates')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const response = await api.request('GET', `/api/admin/natcon/registrations/export.csv?editionId=${edition.id}`, {
      token: staff.token,
    });
    expect(response.status).toBe(200);
    const [header, ...lines] = (await response.text()).trim().split(/\r?\n/);
    expect(header).toBe(
      'Order,Confirmation,Name,E-mail,Phone,Designation,Organisation,Category,Member number,Chapter,Price (Rs),State,Payment,Checked in at',
    );
    const names = lines.map((line) => line.split(',')[2]);
    expect(names).toHaveLength(1 + more);
    expect(names[0]).toBe('First Delegate');
    expect(names.slice(1)).toEqual(rows.map((row) => row.name));
    // Amounts in rupees with their paise.
    expect(new Set(lines.slice(1).map((line) => line.split(',')[10]))).toEqual(new Set(['1234.50']));
  });
});
