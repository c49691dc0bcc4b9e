import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';

interface Order {
  id: number;
  orderNumber: string;
  statusToken: string;
  delegates: { id: number; confirmationNumber: string }[];
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A student ID goes with a delegate at a student's rate only: the buyer is told which number is
 * wrong, and the desk is told when there is nothing uploaded yet, then opens what was.
 */
describeEachDatabase('NATCON student IDs', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let order: Order;

  const upload = async (confirmationNumber: string) => {
    const form = new FormData();
    form.set('confirmationNumber', confirmationNumber);
    form.set('file', new File([PNG], 'id.png', { type: 'image/png' }));
    const response = await api.app.request(
      `/api/natcon/registrations/${order.orderNumber}/student-ids?token=${order.statusToken}`,
      { method: 'POST', body: form },
    );
    return {
      status: response.status,
      fields: ((await response.json()) as { error?: { fields?: Record<string, string> } }).error?.fields,
    };
  };
  /** What the buyer's status page says of each delegate's student ID. */
  const idsOnStatusPage = async () => {
    const response = await api.request(
      'GET',
      `/api/natcon/registrations/${order.orderNumber}?token=${order.statusToken}`,
    );
    const { data } = (await response.json()) as {
      data: { delegates: { studentIdRequired: boolean; studentIdUploaded: boolean; memberNumber: string | null }[] };
    };
    return data.delegates.map((d) => [d.studentIdRequired, d.studentIdUploaded, d.memberNumber]);
  };
  const deskFile = (delegateId: number) =>
    api.request('GET', `/api/admin/natcon/delegates/${delegateId}/student-id`, { token: staff.token });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '2' });
    const { edition, categories } = await createEdition(database.db, {
      categories: [
        { name: 'Student', fee: 200_000, seats: 10, studentRate: true },
        { name: 'Delegate', fee: 500_000, seats: 10 },
      ],
    });
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: {
        ...registration(categories[0].id, [delegate(), delegate({ categoryId: categories[1].id })]),
        editionId: edition.id,
      },
    });
    order = ((await response.json()) as { data: Order }).data;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('refuses an ID for a number not in the order, or for a delegate not at a student’s rate', async () => {
    const stranger = order.delegates[0].confirmationNumber.replace(/-\d{2}$/, '-09');
    expect(await upload(stranger)).toEqual({
      status: 400,
      fields: { confirmationNumber: 'No delegate of this order has this number.' },
    });
    expect(await upload(order.delegates[1].confirmationNumber)).toEqual({
      status: 400,
      fields: { confirmationNumber: 'This delegate is not at a student’s rate.' },
    });
    const stored = await database.db.selectFrom('natcon_delegates').select('student_id_key').execute();
    expect(stored.every((d) => d.student_id_key === null)).toBe(true);
  });

  it('tells the desk no ID is there yet, then serves the one uploaded as it came', async () => {
    const student = order.delegates[0];
    const nobody = await deskFile(99_999_999);
    expect(nobody.status).toBe(404);
    expect(((await nobody.json()) as { error: { message: string } }).error.message).toBe(
      'No student ID was uploaded for this delegate.',
    );
    expect(await idsOnStatusPage()).toEqual([
      [true, false, null],
      [false, false, null],
    ]);
    const none = await deskFile(student.id);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(
      'No student ID was uploaded for this delegate.',
    );
    expect((await upload(` ${student.confirmationNumber.toLowerCase()} `)).status).toBe(200);
    const file = await deskFile(student.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain(`filename="student-id-${student.confirmationNumber}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await idsOnStatusPage()).toEqual([
      [true, true, null],
      [false, false, null],
    ]);
  });

  it('replaces an ID uploaded again, forgetting the file it replaces', async () => {
    const student = order.delegates[0];
    expect((await upload(student.confirmationNumber)).status).toBe(200);
    const keyOf = async () =>
      (
        await database.db
          .selectFrom('natcon_delegates')
          .select('student_id_key')
          .where('id', '=', student.id)
          .executeTakeFirstOrThrow()
      ).student_id_key!;
    const first = await keyOf();
    expect((await upload(student.confirmationNumber)).status).toBe(200);
    const second = await keyOf();
    expect(second).not.toBe(first);
    expect(await api.deps.storage.get(second)).not.toBeNull();
    expect(await api.deps.storage.get(first)).toBeNull();
  });
});
