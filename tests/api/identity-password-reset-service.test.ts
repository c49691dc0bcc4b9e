import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../../src/lib/constants';
import {
  RESET_LINK_INVALID,
  requestPasswordReset,
  resetPassword,
} from '../../src/server/domains/identity/password-reset';
import { signInWithPassword } from '../../src/server/domains/identity/sign-in';
import { TEST_SECRET } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser, type CreatedUser } from '../support/fixtures';

/**
 * The password reset as the service answers it: the e-mail word for word, the audit entries, which
 * refusal a bad link gets, one spend of a token however many arrive, and the lock lifted once the
 * owner has proved the mailbox.
 */
describeEachDatabase('password reset: the service', (kind) => {
  let t: TestDatabase;
  let user: CreatedUser;
  const now = new Date('2026-11-21T09:00:00Z');

  beforeAll(async () => {
    t = await kind.create();
    user = await createUser(t.db, { roleId: '1', name: 'Priya Nair', email: 'priya.nair@example.test' });
  });
  afterAll(() => t.drop());

  const request = async (ip: string) => {
    const answer = await requestPasswordReset(
      t.db,
      { email: ' Priya.Nair@Example.test', siteUrl: 'https://nipm.example', ip },
      now,
    );
    if (!answer.ok || !answer.message) throw new Error('no reset e-mail');
    return answer.message;
  };
  const tokenOf = (text: string) => /token=([\w-]+)/.exec(text)![1]!;

  it('writes the e-mail word for word, and audits the request against the account', async () => {
    const message = await request('192.0.2.10');
    expect(message.to).toBe('priya.nair@example.test');
    expect(message.subject).toBe('Reset your NIPM password');
    const link = `https://nipm.example/auth/reset-password?token=${tokenOf(message.text)}`;
    expect(message.text).toBe(
      [
        'Dear Priya Nair,',
        '',
        'Someone (we hope you) asked to reset the password of your NIPM account.',
        'Open this link within 60 minutes to choose a new password. It works once.',
        '',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
        'National Institute of Personnel Management',
      ].join('\n'),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'ip'])
      .where('action', '=', 'auth.password_reset_requested')
      .execute();
    expect(audit).toEqual([{ actor_user_id: user.id, entity: 'user', entity_id: String(user.id), ip: '192.0.2.10' }]);
  });

  it('refuses a made-up link before it looks at the password', async () => {
    expect(await resetPassword(t.db, { token: 'made-up', password: 'short', ip: '192.0.2.10' }, now)).toEqual({
      ok: false,
      field: 'token',
      message: RESET_LINK_INVALID,
    });
  });

  it('spends a token once however many arrive at once, and lifts the account’s lock', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      await signInWithPassword(
        t.db,
        { email: user.email, password: `Stranger guess ${i}`, address: `198.51.100.${i}` },
        { now, secret: TEST_SECRET },
      );
    }
    const locked = await signInWithPassword(
      t.db,
      { email: user.email, password: user.password, address: '192.0.2.10' },
      { now, secret: TEST_SECRET },
    );
    expect(locked).toMatchObject({ ok: false, reason: 'throttled' });

    const token = tokenOf((await request('192.0.2.11')).text);
    const answers = await Promise.all(
      ['Chosen@Pass2026a', 'Chosen@Pass2026b', 'Chosen@Pass2026c'].map((password) =>
        resetPassword(t.db, { token, password, ip: '192.0.2.11' }, now),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([
      { ok: false, field: 'token', message: RESET_LINK_INVALID },
      { ok: false, field: 'token', message: RESET_LINK_INVALID },
    ]);
    const chosen = ['Chosen@Pass2026a', 'Chosen@Pass2026b', 'Chosen@Pass2026c'][answers.findIndex((a) => a.ok)]!;
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'entity', 'entity_id', 'ip'])
      .where('action', '=', 'auth.password_reset')
      .execute();
    expect(audit).toEqual([{ actor_user_id: user.id, entity: 'user', entity_id: String(user.id), ip: '192.0.2.11' }]);
    // The strangers' failures no longer lock the owner out.
    const signedIn = await signInWithPassword(
      t.db,
      { email: user.email, password: chosen, address: '192.0.2.12' },
      { now, secret: TEST_SECRET },
    );
    expect(signedIn).toMatchObject({ ok: true, user: { id: user.id } });
  });
});
