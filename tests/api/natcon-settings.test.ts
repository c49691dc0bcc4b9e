import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { changedTables, fingerprint } from '../support/db-snapshot';
import { createUser, type CreatedUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';

interface Answer {
  success: boolean;
  data: Record<string, unknown>;
  error?: { code: string; message: string; fields?: Record<string, string> };
}
const json = async (response: Response) => (await response.json()) as Answer;

/** The super admin's settings of an edition: everything it has, changed, refused per field, audited. */
describeEachDatabase('NATCON settings API', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let edition: { id: number; title: string };
  let categories: { id: number; name: string }[];
  let awards: { id: number; name: string }[];

  const call = (method: string, url: string, body?: unknown) =>
    api.request(method, `/api/admin/natcon${url}`, { token: superAdmin.token, body });
  const auditOf = async (action: string, entityId: number) =>
    database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'detail'])
      .where('action', '=', action)
      .where('entity_id', '=', String(entityId))
      .execute();
  const unchanged = async (work: () => Promise<Response>, status: number) => {
    const before = await fingerprint(database.db, kind.name);
    const response = await work();
    expect(response.status).toBe(status);
    expect(changedTables(before, await fingerprint(database.db, kind.name))).toEqual([]);
    return json(response);
  };

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    ({ edition, categories, awards } = await createEdition(database.db, {
      categories: [
        { name: 'Non-member', fee: 1_000_000, seats: 10 },
        { name: 'Spouse', fee: 500_000, seats: 5 },
      ],
      awards: [
        { name: 'HR Leader of the Year', nomineeKind: 'person' },
        { name: 'Best Employer', nomineeKind: 'organisation' },
      ],
    }));
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('changes every detail of an edition, with the change in the audit log', async () => {
    const body = {
      title: `${edition.title} (renamed)`,
      year: 2027,
      theme: 'Work, worker and the workplace',
      startsOn: '2027-03-04',
      endsOn: '2027-03-06',
      venue: 'ITC Royal Bengal',
      city: 'Kolkata',
      registrationOpensOn: '2026-11-01',
      registrationClosesOn: '2027-02-28',
      programme: 'Day 1: Keynote.\nDay 2: Awards.',
      published: true,
    };
    const response = await call('PUT', `/editions/${edition.id}`, body);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject(body);
    const [audit] = await auditOf('natcon.edition_updated', edition.id);
    expect(audit.actor_user_id).toBe(superAdmin.id);
    expect(JSON.parse(audit.detail ?? '{}')).toMatchObject({
      before: { theme: 'People, purpose and performance' },
      after: { theme: body.theme, venue: body.venue },
    });
    const refused = await unchanged(
      () => call('PUT', `/editions/${edition.id}`, { ...body, registrationClosesOn: '2026-10-01', venue: '' }),
      400,
    );
    expect(refused.error?.fields).toMatchObject({
      registrationClosesOn: 'Registration closes on or after it opens.',
      venue: 'Enter the venue.',
    });
  });

  it('changes a delegate category’s name, fees, early bird, seats and rates, audited; refuses bad values per field', async () => {
    const response = await call('PATCH', `/categories/${categories[0].id}`, {
      name: 'Corporate delegate',
      fee: 1_200_000,
      earlyBirdFee: 900_000,
      earlyBirdUntil: '2027-01-15',
      seats: 40,
      memberRate: false,
      studentRate: false,
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      name: 'Corporate delegate',
      fee: 1_200_000,
      earlyBirdFee: 900_000,
      earlyBirdUntil: '2027-01-15',
      seats: 40,
    });
    const [audit] = await auditOf('natcon.category_updated', categories[0].id);
    expect([audit.actor_user_id, audit.entity]).toEqual([superAdmin.id, 'natcon_category']);
    expect(JSON.parse(audit.detail ?? '{}')).toEqual({
      before: {
        name: 'Non-member',
        fee: 1_000_000,
        earlyBirdFee: null,
        earlyBirdUntil: null,
        seats: 10,
        memberRate: false,
        studentRate: false,
      },
      after: {
        name: 'Corporate delegate',
        fee: 1_200_000,
        earlyBirdFee: 900_000,
        earlyBirdUntil: '2027-01-15',
        seats: 40,
        memberRate: false,
        studentRate: false,
      },
    });
    // The rates as they were, each read from its own column.
    expect((await call('PATCH', `/categories/${categories[1].id}`, { memberRate: true })).status).toBe(200);
    expect((await call('PATCH', `/categories/${categories[1].id}`, { studentRate: true })).status).toBe(200);
    const rates = (await auditOf('natcon.category_updated', categories[1].id)).map(
      (entry) => (JSON.parse(entry.detail ?? '{}') as { before: { memberRate: boolean; studentRate: boolean } }).before,
    );
    expect(rates.map(({ memberRate, studentRate }) => ({ memberRate, studentRate }))).toEqual([
      { memberRate: false, studentRate: false },
      { memberRate: true, studentRate: false },
    ]);
    expect(
      (await call('PATCH', `/categories/${categories[1].id}`, { memberRate: false, studentRate: false })).status,
    ).toBe(200);
    const lastBefore = (await auditOf('natcon.category_updated', categories[1].id)).at(-1);
    expect(JSON.parse(lastBefore?.detail ?? '{}')).toMatchObject({ before: { memberRate: true, studentRate: true } });

    const cleared = await call('PATCH', `/categories/${categories[0].id}`, {
      earlyBirdFee: null,
      earlyBirdUntil: null,
    });
    expect((await json(cleared)).data).toMatchObject({ earlyBirdFee: null, earlyBirdUntil: null });

    expect(
      (await unchanged(() => call('PATCH', `/categories/${categories[0].id}`, { fee: -5, seats: 1.5 }), 400)).error
        ?.fields,
    ).toMatchObject({ fee: 'The fee cannot be negative.', seats: expect.any(String) });
    expect(
      (await unchanged(() => call('PATCH', `/categories/${categories[0].id}`, { name: 'Spouse' }), 400)).error?.fields,
    ).toEqual({ name: 'This edition already has a category with this name.' });
    expect((await unchanged(() => call('PATCH', '/categories/999999', { seats: 5 }), 404)).error?.message).toBe(
      'No such category.',
    );
  });

  it('changes and removes award categories; one with nominations stays', async () => {
    const changed = await call('PATCH', `/award-categories/${awards[0].id}`, {
      name: 'HR Leader of the Decade',
      criteria: 'Ten years of measurable impact.',
      nomineeKind: 'either',
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data).toEqual({
      id: awards[0].id,
      name: 'HR Leader of the Decade',
      criteria: 'Ten years of measurable impact.',
      nomineeKind: 'either',
    });
    expect((await auditOf('natcon.award_updated', awards[0].id))[0]?.entity).toBe('natcon_award_category');
    expect(JSON.parse((await auditOf('natcon.award_updated', awards[0].id))[0].detail ?? '{}')).toMatchObject({
      before: { name: 'HR Leader of the Year', nomineeKind: 'person' },
      after: { name: 'HR Leader of the Decade' },
    });
    expect(
      (await unchanged(() => call('PATCH', `/award-categories/${awards[0].id}`, { name: 'Best Employer' }), 400)).error
        ?.fields,
    ).toEqual({ name: 'This edition already has an award with this name.' });
    expect(
      (
        await unchanged(
          () => call('PATCH', `/award-categories/${awards[0].id}`, { criteria: '', nomineeKind: 'x' }),
          400,
        )
      ).error?.fields,
    ).toMatchObject({ criteria: 'Enter the criteria.', nomineeKind: expect.any(String) });

    const form = new FormData();
    form.append('awardCategoryId', String(awards[1].id));
    form.append('nomineeKind', 'organisation');
    form.append('nomineeName', 'Hooghly Jute Mills Ltd');
    form.append('nominatorName', 'Ritu Sen');
    form.append('nominatorEmail', 'ritu.sen@example.test');
    form.append('writeUp', 'A decade of safe workplaces, fair wages and training for every worker on the floor.');
    expect((await api.app.request('/api/natcon/nominations', { method: 'POST', body: form })).status).toBe(201);
    const refused = await unchanged(() => call('DELETE', `/award-categories/${awards[1].id}`), 409);
    expect(refused.error?.message).toBe('Best Employer has nominations: change it rather than removing it.');

    expect((await call('DELETE', `/award-categories/${awards[0].id}`)).status).toBe(200);
    expect(await auditOf('natcon.award_deleted', awards[0].id)).toEqual([
      {
        actor_user_id: superAdmin.id,
        entity: 'natcon_award_category',
        detail: JSON.stringify({ editionId: edition.id, name: 'HR Leader of the Decade' }),
      },
    ]);
    const editions = (await json(await call('GET', '/editions'))).data as unknown as {
      id: number;
      awards: { id: number }[];
    }[];
    expect(editions.find((e) => e.id === edition.id)?.awards.map((a) => a.id)).toEqual([awards[1].id]);
    expect((await unchanged(() => call('DELETE', `/award-categories/${awards[0].id}`), 404)).error?.message).toBe(
      'No such award.',
    );
  });

  it('removes a delegate category nobody registered in, and refuses one with registrations', async () => {
    const placed = await api.request('POST', '/api/natcon/registrations', {
      body: registration(categories[1].id, [delegate()]),
    });
    expect(placed.status).toBe(201);
    await api.settle();
    const refused = await unchanged(() => call('DELETE', `/categories/${categories[1].id}`), 409);
    expect(refused.error?.message).toBe('Spouse has registrations: change its seats or fees rather than removing it.');

    const added = await json(
      await call('POST', `/editions/${edition.id}/categories`, { name: 'Workshop', fee: 200_000, seats: 20 }),
    );
    const id = added.data.id as number;
    expect((await call('DELETE', `/categories/${id}`)).status).toBe(200);
    expect(await auditOf('natcon.category_deleted', id)).toEqual([
      {
        actor_user_id: superAdmin.id,
        entity: 'natcon_category',
        detail: JSON.stringify({ editionId: edition.id, name: 'Workshop', fee: 200_000, seats: 20 }),
      },
    ]);
    const left = await database.db.selectFrom('natcon_categories').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
