import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImportJob, startCommit } from '../../src/server/domains/import/commit';
import { checkImport, uploadImport } from '../../src/server/domains/import/imports';
import { invitationCounts, requestInvitations, sendDueInvitations } from '../../src/server/domains/import/invitations';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { resetPassword } from '../../src/server/domains/identity/password-reset';
import { createDiskStore } from '../../src/server/platform/storage';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser } from '../support/fixtures';
import { newMemberRow, REALISTIC_HEADERS, seedRegister } from '../support/import-file';

const NOW = new Date('2026-11-25T06:00:00Z');

function outboxOf(dir: string): { to: string; text: string }[] {
  return readdirSync(dir).map((file) => {
    const eml = readFileSync(path.join(dir, file), 'utf8');
    return { to: /^To: (.+)$/m.exec(eml)?.[1] ?? '', text: eml };
  });
}

describeEachDatabase('inviting imported members', (kind) => {
  let t: TestDatabase;
  let importId: number;
  let staffId: number;
  const storage = createDiskStore(mkdtempSync(path.join(os.tmpdir(), 'nipm-import-')));

  beforeAll(async () => {
    t = await kind.create();
    await seedRegister(t.db);
    staffId = (await createUser(t.db, { roleId: '2' })).id;
    const rows = Array.from({ length: 12 }, (_, i) => newMemberRow(i + 1));
    // One member has no e-mail: no account, so no invitation.
    rows[11]['Email ID'] = '';
    const csv = stringify([REALISTIC_HEADERS, ...rows.map((r) => REALISTIC_HEADERS.map((h) => r[h] ?? ''))]);
    const bytes = new TextEncoder().encode(csv);
    importId = (
      await uploadImport(t.db, storage, { bytes, fileName: 'f.csv', kind: 'members', userId: staffId, now: NOW })
    ).id;
    await checkImport(t.db, storage, importId, { now: NOW });
    await startCommit(t.db, importId, NOW);
    await runImportJob(t.db, storage, importId, { now: () => NOW });
  });
  afterAll(async () => t.drop());

  it('sends nothing at import time, then each member one e-mail when 20 requests and 4 senders race', async () => {
    const outbox = mkdtempSync(path.join(os.tmpdir(), 'nipm-outbox-'));
    const mailer = createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: outbox });
    expect(outboxOf(outbox)).toEqual([]);
    const pools = kind.name === 'PostgreSQL' ? [t.db, t.another(), t.another()] : [t.db];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestInvitations(pools[i % pools.length], importId, { userId: staffId, now: NOW }),
      ),
    );
    expect(await invitationCounts(t.db, importId)).toEqual({ waiting: 11, sent: 0, failed: 0 });

    const send = (db: (typeof pools)[number]) =>
      sendDueInvitations(db, mailer, { now: () => NOW, siteUrl: 'https://nipm.example', perHour: 200 });
    const sent = await Promise.all([...pools, ...pools].slice(0, 4).map(send));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(11);
    const mails = outboxOf(outbox);
    expect(mails.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 11 }, (_, i) => `imp${i + 1}@example.test`).sort(),
    );
    expect(await invitationCounts(t.db, importId)).toEqual({ waiting: 0, sent: 11, failed: 0 });

    // Asking again queues nobody twice, and sends nothing more.
    await requestInvitations(t.db, importId, { userId: staffId, now: NOW });
    expect(await send(t.db)).toBe(0);
    expect(outboxOf(outbox)).toHaveLength(11);

    // The link sets the password like a reset link, and only once.
    const token =
      /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1] ??
      '';
    expect(mails[0].text).toContain('new portal');
    // The short privacy notice with the link to the full one (issue 26).
    const plain = mails[0].text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(plain).toContain('Your personal data:');
    expect(plain).toContain('https://nipm.example/privacy');
    expect(plain).toMatch(/correct or erase it, withdraw a consent or raise a grievance/);
    expect(await resetPassword(t.db, { token, password: 'Imported@Member2026', ip: '127.0.0.1' }, NOW)).toEqual({
      ok: true,
    });
    expect(await resetPassword(t.db, { token, password: 'Imported@Member2027', ip: '127.0.0.1' }, NOW)).toMatchObject({
      ok: false,
    });
  });

  it('keeps to the hourly rate', async () => {
    const db = t.db;
    await db.updateTable('invitation_sends').set({ state: 'waiting', sent_at: null }).execute();
    await db.updateTable('users').set({ password_hash: '!unset:again' }).where('role_id', '=', 1).execute();
    const outbox = mkdtempSync(path.join(os.tmpdir(), 'nipm-outbox-'));
    const mailer = createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir: outbox });
    const options = { now: () => NOW, siteUrl: 'https://nipm.example', perHour: 4 };
    expect(await sendDueInvitations(db, mailer, options)).toBe(4);
    expect(await sendDueInvitations(db, mailer, options)).toBe(0);
    const later = new Date(NOW.getTime() + 61 * 60 * 1000);
    expect(await sendDueInvitations(db, mailer, { ...options, now: () => later })).toBe(4);
    expect(outboxOf(outbox)).toHaveLength(8);
  });
});
