import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';

interface Nomination {
  id: number;
  reference: string;
  award: string;
  hasFile: boolean;
}
interface Answer {
  data: Nomination & { items: Nomination[]; total: number; orderNumber: string };
  error?: { message: string; fields?: Record<string, string> };
}

/**
 * Award nominations as the public sends them and the desk reads them: the award must be this year's
 * and of the nominee's kind, a registration named in any case is linked, and the desk's filters and
 * file link answer for what is there.
 */
describeEachDatabase('NATCON nominations', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: CreatedUser;
  let leader: { id: number };
  let employer: { id: number };
  let editionId: number;

  const nominate = async (fields: Record<string, string>) => {
    const form = new FormData();
    const base = {
      nomineeKind: 'person',
      nomineeName: 'Meera Iyer',
      nominatorName: 'Ravi Kumar',
      nominatorEmail: 'ravi@example.test',
      writeUp: 'Meera rebuilt the appraisal system and cut attrition by a third over two years.',
    };
    for (const [k, v] of Object.entries({ ...base, ...fields })) form.set(k, v);
    const response = await api.app.request('/api/natcon/nominations', { method: 'POST', body: form });
    return { status: response.status, answer: (await response.json()) as Answer };
  };
  const desk = async (method: string, url: string, body?: unknown) => {
    const response = await api.request(method, `/api/admin/natcon/nominations${url}`, { token: staff.token, body });
    return { status: response.status, answer: (await response.json()) as Answer };
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = await createUser(database.db, { roleId: '2' });
    const made = await createEdition(database.db, {
      awards: [
        { name: 'HR Leader of the Year', nomineeKind: 'person' },
        { name: 'Best Employer', nomineeKind: 'organisation' },
      ],
    });
    editionId = made.edition.id;
    [leader, employer] = made.awards;
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('refuses an award that is not this year’s, and a nominee of the wrong kind, naming the kind', async () => {
    const unknown = await nominate({ awardCategoryId: '99999999' });
    expect([unknown.status, unknown.answer.error?.fields]).toEqual([
      400,
      { awardCategoryId: 'Choose an award of this year’s conference.' },
    ]);
    const person = await nominate({ awardCategoryId: String(employer.id), nomineeKind: 'person' });
    expect([person.status, person.answer.error?.fields]).toEqual([
      400,
      { nomineeKind: 'Best Employer is for an organisation.' },
    ]);
    expect(await database.db.selectFrom('natcon_nominations').select('id').execute()).toEqual([]);
  });

  it('links the registration a nominator names, whatever its case', async () => {
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: { ...registration((await categoryOf(editionId)).id, [delegate()]), editionId },
    });
    const order = ((await placed.json()) as Answer).data;
    const linked = await nominate({ awardCategoryId: String(leader.id), orderNumber: order.orderNumber.toLowerCase() });
    expect(linked.status).toBe(201);
    const row = await database.db
      .selectFrom('natcon_nominations')
      .select('order_id')
      .where('id', '=', linked.answer.data.id)
      .executeTakeFirstOrThrow();
    expect(row.order_id).toBe(order.id);
  });

  it('lists by award and edition, and says when a nomination has no file', async () => {
    const organisation = await nominate({
      awardCategoryId: String(employer.id),
      nomineeKind: 'organisation',
      nomineeName: 'Hooghly Jute Mills Ltd',
    });
    expect(organisation.status).toBe(201);
    const byAward = await desk('GET', `?awardCategoryId=${employer.id}`);
    expect(byAward.answer.data.items.map((n) => [n.reference, n.award])).toEqual([
      [organisation.answer.data.reference, 'Best Employer'],
    ]);
    expect((await desk('GET', `?editionId=${editionId}`)).answer.data.total).toBe(2);
    expect((await desk('GET', `?editionId=${editionId + 1000}`)).answer.data.total).toBe(0);
    const file = await desk('GET', `/${organisation.answer.data.id}/file`);
    expect([file.status, file.answer.error?.message]).toEqual([404, 'This nomination has no supporting file.']);
    const missing = await desk('PATCH', '/99999999', { state: 'shortlisted' });
    expect([missing.status, missing.answer.error?.message]).toEqual([404, 'No such nomination.']);
    // The desk’s state filter: the one shortlisted, not the one still as received.
    expect((await desk('PATCH', `/${organisation.answer.data.id}`, { state: 'shortlisted' })).status).toBe(200);
    const shortlisted = await desk('GET', `?editionId=${editionId}&state=shortlisted`);
    expect(shortlisted.answer.data.items.map((n) => n.reference)).toEqual([organisation.answer.data.reference]);
    expect((await desk('GET', `?editionId=${editionId}&state=winner`)).answer.data.total).toBe(0);
  });

  const categoryOf = (id: number) =>
    database.db.selectFrom('natcon_categories').select('id').where('edition_id', '=', id).executeTakeFirstOrThrow();

  it('takes a person or an organisation for an award open to either, with the nominee’s e-mail when given', async () => {
    const created = await api.request('POST', `/api/admin/natcon/editions/${editionId}/award-categories`, {
      token: staff.token,
      body: { name: 'Diversity Champion', criteria: 'Inclusion that lasts.', nomineeKind: 'either' },
    });
    expect(created.status).toBe(201);
    const either = ((await created.json()) as Answer).data.id;
    const [createdEntry] = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity', 'detail'])
      .where('entity_id', '=', String(either))
      .where((eb) =>
        eb.or([eb('entity', 'in', ['natcon_award_category', '']), eb('action', 'in', ['natcon.award_created', ''])]),
      )
      .execute();
    expect({ ...createdEntry, detail: JSON.parse(createdEntry?.detail ?? 'null') }).toEqual({
      action: 'natcon.award_created',
      actor_user_id: staff.id,
      entity: 'natcon_award_category',
      detail: { editionId, name: 'Diversity Champion' },
    });
    const person = await nominate({ awardCategoryId: String(either), nomineeEmail: 'meera@example.test' });
    const organisation = await nominate({
      awardCategoryId: String(either),
      nomineeKind: 'organisation',
      nomineeName: 'Hooghly Jute Mills',
    });
    expect([person.status, organisation.status]).toEqual([201, 201]);
    const rows = await database.db
      .selectFrom('natcon_nominations')
      .select(['nominee_kind', 'nominee_email'])
      .where('id', 'in', [person.answer.data.id, organisation.answer.data.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { nominee_kind: 'person', nominee_email: 'meera@example.test' },
      { nominee_kind: 'organisation', nominee_email: null },
    ]);
    // Each answer is the nomination just made, with its reference: AW, the year's last two digits, the id.
    const reference = (id: number) => `AW27-${String(id).padStart(5, '0')}`;
    expect(person.answer.data.reference).toBe(reference(person.answer.data.id));
    expect(organisation.answer.data).toMatchObject({ reference: reference(organisation.answer.data.id) });
    expect(organisation.answer.data.id).toBeGreaterThan(person.answer.data.id);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      awardCategoryId: String(either),
      nomineeKind: 'person',
      nomineeName: 'Asha Rao',
      nominatorName: 'Ravi Kumar',
      nominatorEmail: 'ravi@example.test',
      writeUp: 'Asha brought fair wages to three plants and kept them there through a hard year.',
    }))
      form.set(k, v);
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    form.set('supportingPdf', new File([pdf], 'citation.pdf', { type: 'application/pdf' }));
    const withFile = await api.app.request('/api/natcon/nominations', { method: 'POST', body: form });
    expect(withFile.status).toBe(201);
    const made = ((await withFile.json()) as Answer).data;
    expect(made).toMatchObject({ hasFile: true, reference: reference(made.id) });
    expect(
      await database.db
        .selectFrom('natcon_nominations')
        .select(['file_name', 'file_size'])
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ file_name: 'citation.pdf', file_size: pdf.byteLength });
    expect([person.answer.data.hasFile, organisation.answer.data.hasFile]).toEqual([false, false]);
    const download = await api.request('GET', `/api/admin/natcon/nominations/${made.id}/file`, { token: staff.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="citation.pdf"');

    // The desk's review: the answer is the nomination reviewed, its note kept and the review audited.
    const reviewed = await desk('PATCH', `/${made.id}`, { state: 'shortlisted', note: 'A strong case.' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.answer.data).toMatchObject({ id: made.id, reference: made.reference });
    const stored = await database.db
      .selectFrom('natcon_nominations')
      .select(['state', 'review_note', 'reviewed_by'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'shortlisted', review_note: 'A strong case.', reviewed_by: staff.id });
    const [entry] = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity', 'detail'])
      .where('entity_id', '=', String(made.id))
      .where((eb) =>
        eb.or([eb('entity', 'in', ['natcon_nomination', '']), eb('action', '=', 'natcon.nomination_reviewed')]),
      )
      .execute();
    expect({ ...entry, detail: JSON.parse(entry?.detail ?? 'null') }).toEqual({
      action: 'natcon.nomination_reviewed',
      actor_user_id: staff.id,
      entity: 'natcon_nomination',
      detail: { before: 'received', after: 'shortlisted', note: 'A strong case.' },
    });

    // Paged, newest first or in whatever order the desk sorts: two pages of two hold four different nominations.
    const pageOf = async (n: number) =>
      (await desk('GET', `?editionId=${editionId}&pageSize=2&page=${n}`)).answer.data.items.map((i) => i.id);
    const [first, second] = [await pageOf(1), await pageOf(2)];
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(4);
  });
});
