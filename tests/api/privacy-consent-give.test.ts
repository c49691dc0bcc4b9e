import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { CURRENT_NOTICE_VERSION } from '../../src/lib/schemas/privacy';
import { hasConsent } from '../../src/server/domains/privacy/consents';
import { createTestApi, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * A member who left the newsletter box unticked, or withdrew, gives the consent later from the portal
 * (`POST /api/me/privacy/consents/{purpose}`): one record under the current notice, however many clicks.
 */
describeEachDatabase('giving an optional consent from the portal', (kind) => {
  let t: TestDatabase;
  let api: TestApi;
  let adult: CreatedUser;
  let child: CreatedUser;

  const call = async (method: string, url: string, user?: CreatedUser) => {
    const response = await api.request(method, url, { token: user?.token });
    return { status: response.status, body: await response.json() };
  };
  const newsletterRows = (user: CreatedUser) =>
    t.db
      .selectFrom('consents')
      .select(['method', 'notice_version', 'withdrawn_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'newsletter')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await kind.create();
    api = createTestApi(t.db);
    const chapter = await createChapter(t.db);
    const member = await createMember(t.db, chapter.id);
    adult = await createUser(t.db, { roleId: ROLE.member, memberId: member.id, email: member.email });
    const young = await createMember(t.db, chapter.id);
    // Fifteen today, whatever day the test runs.
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 15);
    await t.db
      .updateTable('members')
      .set({ date_of_birth: born.toISOString().slice(0, 10) })
      .where('id', '=', young.id)
      .execute();
    child = await createUser(t.db, { roleId: ROLE.member, memberId: young.id, email: young.email });
  });
  afterAll(() => t.drop());

  it('records one consent under the current notice, however many clicks arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/me/privacy/consents/newsletter', adult)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.given)).toHaveLength(1);
    expect(await newsletterRows(adult)).toEqual([
      { method: 'portal', notice_version: CURRENT_NOTICE_VERSION, withdrawn_at: null },
    ]);
    expect(await hasConsent(t.db, adult.email, 'newsletter')).toBe(true);

    const own = await call('GET', '/api/me/privacy', adult);
    expect(own.body.data.consents).toEqual([
      expect.objectContaining({ purpose: 'newsletter', optional: true, method: 'portal', withdrawnAt: null }),
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity_id'])
      .where('action', '=', 'privacy.consent_given')
      .execute();
    expect(audit).toEqual([{ actor_user_id: adult.id, entity_id: 'newsletter' }]);
  });

  it('gives it again after a withdrawal, keeping the withdrawn record', async () => {
    expect((await call('DELETE', '/api/me/privacy/consents/newsletter', adult)).body.data).toEqual({ withdrawn: 1 });
    expect(await hasConsent(t.db, adult.email, 'newsletter')).toBe(false);
    expect((await call('POST', '/api/me/privacy/consents/newsletter', adult)).body.data).toEqual({ given: true });
    const rows = await newsletterRows(adult);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.withdrawn_at).not.toBeNull();
    expect(rows[1]!.withdrawn_at).toBeNull();
  });

  it('is refused to a member under 18, and a needed purpose cannot be given this way', async () => {
    const refused = await call('POST', '/api/me/privacy/consents/newsletter', child);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Until you are 18 the institute sends you no newsletter (DPDP Act, section 9).',
    );
    expect(await newsletterRows(child)).toEqual([]);

    const needed = await call('POST', '/api/me/privacy/consents/membership', adult);
    expect(needed.status).toBe(400);
    expect((await call('POST', '/api/me/privacy/consents/newsletter')).status).toBe(401);
  });
});
