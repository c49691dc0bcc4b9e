import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { listFees, publicFees, quoteFor, setFee } from '../../src/server/domains/joining/fees';
import { updateGstSettings } from '../../src/server/domains/gst/settings';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';
import { authUserOf, INSTITUTE_GST_SETTINGS } from '../support/refunds';
import { seedFees } from './joining-support';

/**
 * The fee schedule as the super admin sets it and applicants are quoted from it, asked of the services:
 * a life membership has no yearly subscription and only a life membership a one-time fee, whatever the
 * form sent; the sample fees are marked as samples until someone sets them; each change is audited with
 * what it was and became; and a quote carries the GST rate set for membership.
 */
describeEachDatabase('Joining: the fee schedule and its quotes', (kind) => {
  let database: TestDatabase;
  let superAdmin: CreatedUser;
  const now = new Date('2026-11-20T06:00:00Z');

  beforeAll(async () => {
    database = await kind.create();
    superAdmin = await createUser(database.db, { roleId: ROLE.superAdmin });
    await seedFees(database.db, 2026);
  });
  afterAll(() => database?.drop());

  const set = (
    classCode: 'life' | 'associate',
    fees: { entranceFee: number; subscription: number; oneTimeFee: number },
  ) => setFee(database.db, authUserOf(superAdmin), { financialYear: 2027, classCode, ...fees }, now, '203.0.113.7');

  it('keeps a subscription off a life membership and a one-time fee off every other class', async () => {
    const life = await set('life', { entranceFee: 100_000, subscription: 150_000, oneTimeFee: 2_600_000 });
    expect(life).toMatchObject({ classCode: 'life', financialYear: '2027-28', subscription: 0, oneTimeFee: 2_600_000 });
    const associate = await set('associate', { entranceFee: 50_000, subscription: 160_000, oneTimeFee: 900_000 });
    expect(associate).toMatchObject({ classCode: 'associate', subscription: 160_000, oneTimeFee: 0 });
  });

  it('marks the seeded fees as samples and a fee the super admin set as not', async () => {
    const seeded = await listFees(database.db, 2026);
    expect(seeded.map((row) => [row.classCode, row.sample])).toEqual([
      ['associate', true],
      ['corporate', true],
      ['life', true],
      ['institutional', true],
      ['student', true],
    ]);
    await set('associate', { entranceFee: 55_000, subscription: 170_000, oneTimeFee: 0 });
    expect((await listFees(database.db, 2027)).map((row) => [row.classCode, row.sample])).toEqual([
      ['associate', false],
      ['life', false],
    ]);
  });

  it('audits each change with who made it, from where, what it was and what it became', async () => {
    await set('life', { entranceFee: 120_000, subscription: 0, oneTimeFee: 2_700_000 });
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'ip', 'detail'])
      .where('action', '=', 'membership.fees_updated')
      .where('entity_id', '=', '2027:life')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail ?? 'null') as unknown }))).toEqual([
      {
        actor_user_id: superAdmin.id,
        entity: 'membership_fees',
        entity_id: '2027:life',
        ip: '203.0.113.7',
        detail: { before: null, after: { entrance_fee: 100_000, subscription: 0, one_time_fee: 2_600_000 } },
      },
      {
        actor_user_id: superAdmin.id,
        entity: 'membership_fees',
        entity_id: '2027:life',
        ip: '203.0.113.7',
        detail: {
          before: { entrance_fee: 100_000, subscription: 0, one_time_fee: 2_600_000 },
          after: { entrance_fee: 120_000, subscription: 0, one_time_fee: 2_700_000 },
        },
      },
    ]);
  });

  it('quotes with the GST rate set for membership, on the applicant’s quote and the public fee list', async () => {
    await updateGstSettings(database.db, authUserOf(superAdmin), INSTITUTE_GST_SETTINGS);
    // 18% of Rs 600.50 is Rs 108.09, charged as CGST and SGST of Rs 54.05 each (each half rounded).
    const quote = await quoteFor(database.db, { classCode: 'student', on: '2026-05-10' });
    expect(quote).toMatchObject({ subtotal: 60_050, gstRatePercent: 18, gst: 10_810, total: 70_860, coupon: null });
    const listed = await publicFees(database.db, '2026-05-10');
    expect(listed.find((fee) => fee.schedule.classCode === 'student')?.quote).toMatchObject({
      gstRatePercent: 18,
      gst: 10_810,
    });
  });
});
