import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './db';
import { createMailer } from './mail/mailer';

/** The data folder holds the database, the secret and reset links: the server's user alone may read it. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('data folder permissions', () => {
  it('creates the SQLite folder 0700 and the database with its -wal and -shm files 0600', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'nipm-perm-'));
    const dataDir = path.join(root, 'data');
    const file = path.join(dataDir, 'nipm.sqlite');
    const db = createDatabase({ url: `sqlite:${file}` });
    await db.schema.createTable('t').addColumn('x', 'integer').execute();
    await db
      .insertInto('t' as never)
      .values({ x: 1 } as never)
      .execute();
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of readdirSync(dataDir)) expect([name, modeOf(path.join(dataDir, name))]).toEqual([name, 0o600]);
    expect(readdirSync(dataDir).sort()).toEqual(['nipm.sqlite', 'nipm.sqlite-shm', 'nipm.sqlite-wal']);
    await db.destroy();
  });

  it('tightens a folder and a database file that an older install left 0755 and 0644', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'nipm-perm-'));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'nipm.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    const db = createDatabase({ url: `sqlite:${file}` });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    await db.destroy();
  });

  it('writes the outbox (reset links) 0700 with .eml files 0600', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'nipm-perm-'));
    const outboxDir = path.join(root, 'outbox');
    await createMailer({ from: 'NIPM <no-reply@nipm.in>', outboxDir }).send({
      to: 'a@example.org',
      subject: 'Reset',
      text: 'link',
    });
    expect(modeOf(outboxDir)).toBe(0o700);
    const [eml] = readdirSync(outboxDir);
    expect(modeOf(path.join(outboxDir, eml as string))).toBe(0o600);
  });
});
