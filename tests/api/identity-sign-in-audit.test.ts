import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueDeviceCookie } from '../../src/server/domains/identity/device-cookie';
import { signInWithPassword } from '../../src/server/domains/identity/sign-in';
import { pruneThrottle, reserve } from '../../src/server/domains/identity/throttle';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../../src/lib/constants';
import { TEST_SECRET } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * What the audit log keeps of signing in, entry by entry, as the super admin reads it in the activity
 * log: each failure with its reason, the lock, each sign-in with its portal, and the refused attempts
 * of a throttle row once it ends, saying whose address or account it counted.
 */
describeEachDatabase('signing in: the audit trail', (kind) => {
  let t: TestDatabase;
  let staff: CreatedUser;
  let member: CreatedUser;
  const start = new Date('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    t = await kind.create();
    staff = await createUser(t.db, { roleId: '5', email: 'kiran.staff@example.test' });
    const chapter = await createChapter(t.db);
    member = await createUser(t.db, { roleId: '1', memberId: (await createMember(t.db, chapter.id)).id });
  });
  afterAll(() => t.drop());

  const entries = async (action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'entity', 'entity_id', 'ip', 'detail'])
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, detail: JSON.parse(row.detail ?? 'null') }));
  const clear = async () => {
    await t.db.deleteFrom('audit_log').execute();
    await t.db.deleteFrom('login_throttle').execute();
  };
  const signIn = (input: Record<string, unknown>, now = start) =>
    signInWithPassword(t.db, { password: staff.password, address: '198.51.100.7', ...input } as never, {
      now,
      secret: TEST_SECRET,
    });

  it('records each failure with its reason, never the password, and the e-mail as typed normalised', async () => {
    await clear();
    const inactive = await createUser(t.db, { roleId: '3', active: false });
    expect(await signIn({ email: '  Nobody@Example.TEST ' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await signIn({ email: staff.email, password: 'Not the password 1' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await signIn({ email: inactive.email, password: inactive.password })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await entries('auth.sign_in_failed')).toEqual([
      {
        actor_user_id: null,
        entity: null,
        entity_id: null,
        ip: '198.51.100.7',
        detail: { email: 'nobody@example.test', reason: 'unknown_email' },
      },
      {
        actor_user_id: staff.id,
        entity: null,
        entity_id: null,
        ip: '198.51.100.7',
        detail: { email: staff.email, reason: 'wrong_password' },
      },
      {
        actor_user_id: inactive.id,
        entity: null,
        entity_id: null,
        ip: '198.51.100.7',
        detail: { email: inactive.email, reason: 'inactive' },
      },
    ]);
  });

  it('records the sign-in with its portal (the API when none), and marks a known device', async () => {
    await clear();
    const plain = await signIn({ email: ` ${staff.email.toUpperCase()}` });
    expect(plain).toMatchObject({ ok: true, user: { id: staff.id } });
    const device = issueDeviceCookie(staff.id, TEST_SECRET, start);
    expect(await signIn({ email: staff.email, portal: 'staff', deviceCookie: device })).toMatchObject({ ok: true });
    expect(await signIn({ email: staff.email, password: 'Wrong again 123', deviceCookie: device })).toMatchObject({
      ok: false,
    });
    const signedIn = { actor_user_id: staff.id, entity: 'user', entity_id: String(staff.id), ip: '198.51.100.7' };
    expect(await entries('auth.sign_in')).toEqual([
      { ...signedIn, detail: { portal: 'api' } },
      { ...signedIn, detail: { portal: 'staff', device: true } },
    ]);
    expect((await entries('auth.sign_in_failed')).map((e) => e.detail)).toEqual([
      { email: staff.email, reason: 'wrong_password', device: true },
    ]);
    // The device's failures count on the device, not on the account.
    const keys = await t.db.selectFrom('login_throttle').select('key').where('attempts', '>', 0).execute();
    expect(keys.map((k) => k.key.split(':')[0]).sort()).toEqual(['address', 'device']);
  });

  it('refuses a member on the staff page after the password was checked, and records no sign-in', async () => {
    await clear();
    const answer = await signIn({ email: member.email, password: member.password, portal: 'staff' });
    expect(answer).toEqual({ ok: false, reason: 'member-account' });
    expect(await entries('auth.sign_in')).toEqual([]);
    // The right password gave its places back: the member's account is not nearer a lock.
    const rows = await t.db.selectFrom('login_throttle').select(['key', 'attempts']).execute();
    expect(rows.every((r) => Number(r.attempts) === 0)).toBe(true);
  });

  it('records the lock with what was locked, then the refused attempts once, when the lock ends', async () => {
    await clear();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      await signIn({ email: staff.email, password: `Wrong password ${i}` });
    }
    expect((await entries('auth.lockout')).map((e) => [e.actor_user_id, e.detail])).toEqual([
      [staff.id, { email: staff.email, locked: ['account'] }],
    ]);
    const refused = await signIn({ email: staff.email });
    expect(refused).toMatchObject({ ok: false, reason: 'throttled' });
    await signIn({ email: staff.email });
    const after = new Date(start.getTime() + LOGIN_LOCK_MS + 1000);
    await pruneThrottle(t.db, after);
    expect((await entries('auth.throttled')).map((e) => [e.ip, e.detail])).toEqual([
      [null, { kind: 'account', email: staff.email, refused: 2, until: expect.any(String) }],
    ]);
  });

  it('says whose address, account or reset e-mails a throttle row counted, never a device id', async () => {
    await clear();
    const keys = [
      'address:203.0.113.5',
      'forgot:2001:db8::1',
      'account:asha@example.test',
      'reset-mail:42',
      'device:abc',
    ];
    for (const key of keys) {
      const rule = { key, limit: 1, windowMs: 60_000, lockMs: 120_000 };
      expect(await reserve(t.db, rule, start)).not.toBeNull();
      expect(await reserve(t.db, rule, start)).toBeNull();
      await t.db.updateTable('login_throttle').set({ refused: 1 }).where('key', '=', key).execute();
    }
    // A limit of one locks at once: the row lasts the lock, not the window.
    expect(await pruneThrottle(t.db, new Date(start.getTime() + 60_001))).toBe(0);
    expect(await pruneThrottle(t.db, new Date(start.getTime() + 120_000), ['account:asha@example.test'])).toBe(1);
    expect(await pruneThrottle(t.db, new Date(start.getTime() + 120_000))).toBe(4);
    const until = new Date(start.getTime() + 120_000).toISOString();
    const byKind = (rows: [string | null, { kind: string }][]) =>
      [...rows].sort((a, b) => a[1].kind.localeCompare(b[1].kind));
    const [first, ...rest] = (await entries('auth.throttled')).map(
      (e) => [e.ip, e.detail] as [string | null, { kind: string }],
    );
    expect(first).toEqual([null, { kind: 'account', email: 'asha@example.test', refused: 1, until }]);
    expect(byKind(rest)).toEqual([
      ['203.0.113.5', { kind: 'address', refused: 1, until }],
      [null, { kind: 'device', refused: 1, until }],
      ['2001:db8::1', { kind: 'forgot', refused: 1, until }],
      [null, { kind: 'reset-mail', userId: '42', refused: 1, until }],
    ]);
  });
});
