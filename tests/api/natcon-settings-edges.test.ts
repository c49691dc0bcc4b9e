import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { changedTables, fingerprint } from '../support/db-snapshot';
import { createUser, type CreatedUser } from '../support/fixtures';
import { POLICY, createEdition } from '../support/natcon';

interface Answer {
  data: Record<string, unknown> & { id: number };
  error?: { message: string; fields?: Record<string, string> };
}

/**
 * What the super admin is told when a setting would clash with another (a second edition of the same
 * title, a second category or award of the same name) or an early bird is half given, and that a
 * refusal writes nothing.
 */
describeEachDatabase('NATCON settings refusals', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let superAdmin: CreatedUser;
  let edition: { id: number; title: string };
  let category: { id: number };

  const call = (method: string, url: string, body?: unknown) =>
    api.request(method, `/api/admin/natcon${url}`, { token: superAdmin.token, body });
  const refused = async (method: string, url: string, body: unknown, status: number) => {
    const before = await fingerprint(database.db, kind.name);
    const response = await call(method, url, body);
    expect(response.status).toBe(status);
    expect(changedTables(before, await fingerprint(database.db, kind.name))).toEqual([]);
    return ((await response.json()) as Answer).error;
  };
  const editionBody = (title: string) => ({
    title,
    year: 2028,
    theme: 'Work, worker and the workplace',
    startsOn: '2028-03-04',
    endsOn: '2028-03-06',
    venue: 'ITC Royal Bengal',
    city: 'Kolkata',
    registrationOpensOn: '2027-11-01',
    registrationClosesOn: '2028-02-28',
    programme: 'Day 1: Keynote.',
    published: false,
  });

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    superAdmin = await createUser(database.db, { roleId: '2' });
    let categories;
    ({ edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Non-member', fee: 1_000_000, seats: 10 }],
      awards: [{ name: 'Best Employer', nomineeKind: 'organisation' }],
    }));
    category = categories[0];
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('refuses a second edition with a title already used, on creating and on renaming', async () => {
    expect((await refused('POST', '/editions', editionBody(edition.title), 400))?.fields).toEqual({
      title: 'An edition with this title exists.',
    });
    const created = await call('POST', '/editions', editionBody('NATCON 2028'));
    expect(created.status).toBe(201);
    const second = ((await created.json()) as Answer).data;
    expect(second).toMatchObject({ title: 'NATCON 2028', year: 2028 });
    expect((await refused('PUT', `/editions/${second.id}`, editionBody(edition.title), 400))?.fields).toEqual({
      title: 'An edition with this title exists.',
    });
    // Keeping its own title is no clash.
    expect((await call('PUT', `/editions/${second.id}`, editionBody('NATCON 2028'))).status).toBe(200);
    expect((await refused('PUT', '/editions/99999999', editionBody('Nowhere'), 404))?.message).toBe('No such edition.');
    expect(
      (await refused('POST', '/editions/99999999/categories', { name: 'Nowhere', fee: 1, seats: 1 }, 404))?.message,
    ).toBe('No such edition.');
    expect((await refused('PATCH', '/award-categories/99999999', { name: 'Nowhere' }, 404))?.message).toBe(
      'No such award.',
    );
    expect((await refused('DELETE', '/categories/99999999', undefined, 404))?.message).toBe('No such category.');
    expect((await refused('PUT', '/editions/99999999/policy', POLICY, 404))?.message).toBe('No such edition.');
  });

  it('keeps the edition’s State when a change leaves it out, and changes it when given', async () => {
    const created = await call('POST', '/editions', { ...editionBody('NATCON 2029'), year: 2029, stateCode: '27' });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as Answer).data.id;
    const stateOf = async () =>
      (
        await database.db
          .selectFrom('natcon_editions')
          .select('state_code')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).state_code;
    expect(await stateOf()).toBe('27');
    expect((await call('PUT', `/editions/${id}`, { ...editionBody('NATCON 2029'), year: 2029 })).status).toBe(200);
    expect(await stateOf()).toBe('27');
    expect(
      (await call('PUT', `/editions/${id}`, { ...editionBody('NATCON 2029'), year: 2029, stateCode: '19' })).status,
    ).toBe(200);
    expect(await stateOf()).toBe('19');
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'entity', 'detail'])
      .where('entity_id', '=', String(id))
      .where((eb) => eb.or([eb('entity', 'in', ['natcon_edition', '']), eb('action', 'like', 'natcon.edition%')]))
      .orderBy('id')
      .execute();
    expect(trail.map(({ detail, ...entry }) => ({ ...entry, title: JSON.parse(detail ?? '{}').title }))).toEqual([
      {
        action: 'natcon.edition_created',
        actor_user_id: superAdmin.id,
        entity: 'natcon_edition',
        title: 'NATCON 2029',
      },
      { action: 'natcon.edition_updated', actor_user_id: superAdmin.id, entity: 'natcon_edition', title: undefined },
      { action: 'natcon.edition_updated', actor_user_id: superAdmin.id, entity: 'natcon_edition', title: undefined },
    ]);
  });

  it('creates an edition without a programme with none, not placeholder text', async () => {
    const { programme: _left, ...body } = editionBody('NATCON 2031');
    const created = await call('POST', '/editions', { ...body, year: 2031 });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as Answer).data;
    const row = await database.db
      .selectFrom('natcon_editions')
      .select('programme')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.programme).toBe('');
  });

  it('lists each edition with its own categories and awards', async () => {
    const other = await createEdition(database.db, {
      categories: [
        { name: 'Student', fee: 100_000, seats: 5 },
        { name: 'Member', fee: 500_000, seats: 5 },
      ],
      awards: [{ name: 'Young HR Leader', nomineeKind: 'person' }],
    });
    const response = await call('GET', '/editions');
    expect(response.status).toBe(200);
    const listed = (
      (await response.json()) as {
        data: { id: number; categories: { name: string }[]; awards: { name: string }[] }[];
      }
    ).data;
    const shown = (id: number) => {
      const found = listed.find((e) => e.id === id)!;
      return { categories: found.categories.map((c) => c.name), awards: found.awards.map((a) => a.name) };
    };
    expect(shown(edition.id)).toEqual({ categories: ['Non-member'], awards: ['Best Employer'] });
    expect(shown(other.edition.id)).toEqual({ categories: ['Student', 'Member'], awards: ['Young HR Leader'] });
  });

  it('refuses a category or an award whose name the edition already has', async () => {
    expect(
      (await refused('POST', `/editions/${edition.id}/categories`, { name: 'Non-member', fee: 1, seats: 1 }, 400))
        ?.fields,
    ).toEqual({ name: 'This edition already has a category with this name.' });
    const award = { name: 'Best Employer', criteria: 'Fair wages.', nomineeKind: 'organisation' };
    expect((await refused('POST', `/editions/${edition.id}/award-categories`, award, 400))?.fields).toEqual({
      name: 'This edition already has an award with this name.',
    });
  });

  it('creates a category with its early bird, audited, and lets a category or an award keep its own name', async () => {
    const created = await call('POST', `/editions/${edition.id}/categories`, {
      name: 'Early Delegate',
      fee: 1_200_000,
      earlyBirdFee: 1_000_000,
      earlyBirdUntil: '2027-01-15',
      seats: 40,
    });
    expect(created.status).toBe(201);
    const made = ((await created.json()) as { data: { id: number; earlyBirdFee: number; earlyBirdUntil: string } })
      .data;
    expect(made).toMatchObject({ earlyBirdFee: 1_000_000, earlyBirdUntil: '2027-01-15' });
    const [entry] = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'detail'])
      .where('action', '=', 'natcon.category_created')
      .where('entity_id', '=', String(made.id))
      .execute();
    expect({ ...entry, detail: JSON.parse(entry?.detail ?? 'null') }).toEqual({
      actor_user_id: superAdmin.id,
      entity: 'natcon_category',
      detail: { editionId: edition.id, name: 'Early Delegate', fee: 1_200_000, seats: 40 },
    });
    expect((await call('PATCH', `/categories/${made.id}`, { name: 'Early Delegate', seats: 45 })).status).toBe(200);
    const awards = await database.db
      .selectFrom('natcon_award_categories')
      .select('id')
      .where('edition_id', '=', edition.id)
      .where('name', '=', 'Best Employer')
      .executeTakeFirstOrThrow();
    expect((await call('PATCH', `/award-categories/${awards.id}`, { name: 'Best Employer' })).status).toBe(200);
  });

  it('refuses an early bird given by half, or dearer than the fee', async () => {
    expect((await refused('PATCH', `/categories/${category.id}`, { earlyBirdFee: 800_000 }, 400))?.fields).toEqual({
      earlyBirdUntil: 'Give the early-bird fee and its last day together.',
    });
    expect(
      (await refused('PATCH', `/categories/${category.id}`, { earlyBirdUntil: '2027-01-15' }, 400))?.fields,
    ).toEqual({ earlyBirdUntil: 'Give the early-bird fee and its last day together.' });
    expect(
      (
        await refused(
          'PATCH',
          `/categories/${category.id}`,
          { earlyBirdFee: 1_000_001, earlyBirdUntil: '2027-01-15' },
          400,
        )
      )?.fields,
    ).toEqual({ earlyBirdFee: 'The early-bird fee is at most the fee.' });
    const equal = await call('PATCH', `/categories/${category.id}`, {
      earlyBirdFee: 1_000_000,
      earlyBirdUntil: '2027-01-15',
    });
    expect(((await equal.json()) as Answer).data).toMatchObject({ earlyBirdFee: 1_000_000, fee: 1_000_000 });
  });
});
