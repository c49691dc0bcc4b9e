import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { hashToken } from '../../src/server/domains/joining/records';
import { applicationRow, json, upload } from './joining-support';

/**
 * The edges an applicant or staff meets when something is missing or already closed: no fees set for
 * the year, a closed application's documents, a document never uploaded, an e-mail that became an account.
 */
describeEachDatabase('Joining: missing fees, closed documents and an e-mail taken before approval', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let superAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    chapterId = (await createChapter(database.db, { code: 'EDG' })).id;
    superAdmin = await createUser(database.db, { roleId: '2' });
  });
  afterAll(() => database.drop());

  const application = async (state: string, token: string) =>
    database.db
      .insertInto('applications')
      .values({ ...applicationRow(chapterId, { state }), status_token_hash: hashToken(token) })
      .returning(['id', 'reference', 'email'])
      .executeTakeFirstOrThrow();

  it('says the fees of the year are not set, then quotes the latest earlier year once one is', async () => {
    const missing = await api.request('GET', '/api/membership/fee-quote?class=associate&on=2026-11-20');
    expect(missing.status).toBe(409);
    expect((await json(missing)).error?.message).toBe(
      'The institute has not set the 2026-27 fees yet. Please try again in a few days or write to the national office.',
    );
    await database.db
      .insertInto('membership_fees')
      .values({
        financial_year: 2025,
        class_code: 'associate',
        entrance_fee: 40_000,
        subscription: 120_000,
        one_time_fee: 0,
        is_sample: 0,
        updated_at: '2025-04-01T00:00:00.000Z',
        updated_by: null,
      })
      .execute();
    const quoted = await api.request('GET', '/api/membership/fee-quote?class=associate&on=2026-11-20');
    expect(quoted.status).toBe(200);
    expect((await json<{ entranceFee: number }>(quoted)).data.entranceFee).toBe(40_000);
    // A year before any fees were set has none to fall back on.
    expect((await api.request('GET', '/api/membership/fee-quote?class=associate&on=2024-06-01')).status).toBe(409);
  });

  it("keeps a closed application's documents as they are, and 404s a document never uploaded", async () => {
    const token = `closed-edges-token-${Date.now().toString(36)}`;
    const closed = await application('rejected', token);
    const refused = await upload(
      api,
      closed.reference,
      token,
      'certificate',
      new Uint8Array([37, 80, 68, 70]),
      'c.pdf',
      'application/pdf',
    );
    expect(refused.status).toBe(409);
    expect((await json(refused)).error?.message).toBe(
      'This application is closed: its documents can no longer change.',
    );
    expect(
      await database.db
        .selectFrom('application_documents')
        .select('id')
        .where('application_id', '=', closed.id)
        .execute(),
    ).toEqual([]);

    const missing = await api.request(
      'GET',
      `/api/membership/applications/${closed.reference}/documents/photo?token=${encodeURIComponent(token)}`,
    );
    expect(missing.status).toBe(404);
    expect((await json(missing)).error?.message).toBe('This document has not been uploaded.');
  });

  it('refuses to approve an applicant whose e-mail now belongs to an account, and leaves it recommended', async () => {
    const recommended = await application('recommended', `taken-email-token-${Date.now().toString(36)}`);
    await createUser(database.db, { roleId: '3', email: recommended.email });
    const response = await api.request('POST', `/api/admin/applications/${recommended.id}/transitions`, {
      body: { to: 'approved' },
      token: superAdmin.token,
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error?.message).toBe(
      'An account already uses this e-mail. Ask the applicant for another e-mail or reject the application.',
    );
    const row = await database.db
      .selectFrom('applications')
      .select(['state', 'member_id'])
      .where('id', '=', recommended.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'recommended', member_id: null });
    expect(
      await database.db
        .selectFrom('application_events')
        .select('id')
        .where('application_id', '=', recommended.id)
        .execute(),
    ).toEqual([]);
  });
});
