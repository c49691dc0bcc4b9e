import { nowIso, type DB } from '../../../src/server/platform/db';

/** The NATCON edition both rush benches sell seats of: open for registration, far in the future. */
export async function createRushEdition(db: DB): Promise<number> {
  const at = nowIso();
  const edition = await db
    .insertInto('natcon_editions')
    .values({
      title: 'NATCON rush',
      year: 2099,
      theme: 'Load',
      starts_on: '2099-02-01',
      ends_on: '2099-02-03',
      venue: 'Hall',
      city: 'Kolkata',
      registration_opens_on: '2000-01-01',
      registration_closes_on: '2099-01-31',
      programme: '',
      published: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return edition.id;
}
