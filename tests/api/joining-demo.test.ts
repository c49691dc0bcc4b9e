import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { seedChapters, seedDemoAccounts } from '../../src/server/demo/seed';
import { seedDemoMoney } from '../../src/server/demo/money';
import { seedDemoJoining } from '../../src/server/demo/joining';

describeEachDatabase('Joining demo data', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
    const now = new Date('2026-11-20T06:00:00Z');
    await seedChapters(database.db, now);
    await seedDemoAccounts(database.db, { nodeEnv: 'development', now });
    await seedDemoMoney(database.db, now);
  }, 60_000);
  afterAll(() => database.drop());

  it('fills a live queue in every state with payments and receipts, once', async () => {
    const db = database.db;
    const now = new Date('2026-11-20T06:00:00Z');
    expect(await seedDemoJoining(db, now)).toBe(300);
    expect(await seedDemoJoining(db, now)).toBe(0);
    const states = await db
      .selectFrom('applications')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual(
      [
        'approved',
        'awaiting_payment',
        'payment_reported',
        'payment_verified',
        'recommended',
        'rejected',
        'under_scrutiny',
        'withdrawn',
      ].sort(),
    );
    const receipts = await db
      .selectFrom('payments')
      .select('receipt_number')
      .where('receipt_number', 'is not', null)
      .execute();
    expect(receipts.length).toBeGreaterThan(100);
    // Every withdrawn application's verified money waits in the refunds queue, so staff can try a refund.
    const withdrawn = await db
      .selectFrom('applications as a')
      .innerJoin('payments as p', (join) =>
        join.onRef('p.subject_id', '=', 'a.id').on('p.purpose', '=', 'membership_application'),
      )
      .leftJoin('refunds as r', (join) => join.onRef('r.payment_id', '=', 'p.id').on('r.state', '=', 'due'))
      .select(['p.amount', 'r.amount as due'])
      .where('a.state', '=', 'withdrawn')
      .where('p.state', '=', 'verified')
      .execute();
    expect(withdrawn.length).toBeGreaterThan(0);
    expect(withdrawn.every((w) => w.due === w.amount)).toBe(true);
    const fees = await db.selectFrom('membership_fees').select('is_sample').execute();
    expect(fees.length).toBe(10);
    expect(fees.every((f) => f.is_sample === 1)).toBe(true);
    const chapters = await db.selectFrom('applications').select('chapter_id').distinct().execute();
    expect(chapters.length).toBeGreaterThan(10);
  }, 120_000);
});
