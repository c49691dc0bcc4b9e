import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../src/server/platform/mail/mailer';
import {
  checkUnsubscribeToken,
  hasConsent,
  listConsents,
  recordConsents,
  sendOptionalMail,
  withdrawConsent,
} from '../../src/server/domains/privacy/consents';
import { TEST_SECRET } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('consents', (kind) => {
  let t: TestDatabase;
  let outbox: string;
  const email = `reader-${Date.now().toString(36)}@example.test`;
  const config = { siteUrl: 'https://nipm.example', secret: TEST_SECRET };
  const newsletter = { purpose: 'newsletter' as const, to: email, subject: 'NIPM newsletter', text: 'This month…' };

  beforeAll(async () => {
    t = await kind.create();
    outbox = mkdtempSync(path.join(os.tmpdir(), 'nipm-consents-'));
  });
  afterAll(async () => {
    await t.drop();
    rmSync(outbox, { recursive: true, force: true });
  });

  const mailer = () => createMailer({ from: 'NIPM <no-reply@nipm.example>', outboxDir: outbox });
  const sent = () => readdirSync(outbox).length;

  it('records each consent with its purpose, notice version, time, address and how it was given', async () => {
    const now = new Date('2027-06-01T10:00:00Z');
    await recordConsents(t.db, { email }, ['membership', 'newsletter'], {
      now,
      ip: '203.0.113.5',
      method: 'application',
    });
    const consents = await listConsents(t.db, { emails: [email] });
    expect(consents.map((c) => [c.purpose, c.optional, c.noticeVersion, c.givenAt, c.ip, c.method])).toEqual(
      expect.arrayContaining([
        ['membership', false, 1, '2027-06-01T10:00:00.000Z', '203.0.113.5', 'application'],
        ['newsletter', true, 1, '2027-06-01T10:00:00.000Z', '203.0.113.5', 'application'],
      ]),
    );
  });

  it('sends the newsletter with a one-click unsubscribe link while the consent holds', async () => {
    expect(await sendOptionalMail(t.db, mailer(), newsletter, config)).toBe(true);
    expect(sent()).toBe(1);
    const message = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), 'utf8');
    const link = /https:\/\/nipm\.example\/privacy\/unsubscribe\?[^\s]+/.exec(message.replace(/=\r?\n/g, ''))?.[0];
    expect(link).toBeDefined();
    const params = new URL(link!.replace(/=3D/g, '=')).searchParams;
    expect(checkUnsubscribeToken(TEST_SECRET, params.get('email')!, 'newsletter', params.get('token')!)).toBe(true);
    expect(checkUnsubscribeToken(TEST_SECRET, 'someone@else.test', 'newsletter', params.get('token')!)).toBe(false);
  });

  it('withdrawing the optional consent stops those e-mails at once', async () => {
    const withdrawn = await withdrawConsent(t.db, { emails: [email] }, 'newsletter', {
      now: new Date('2027-06-02T10:00:00Z'),
      ip: '203.0.113.5',
      method: 'unsubscribe_link',
      actorUserId: null,
    });
    expect(withdrawn).toBe(1);
    expect(await hasConsent(t.db, email, 'newsletter')).toBe(false);
    expect(await sendOptionalMail(t.db, mailer(), newsletter, config)).toBe(false);
    expect(sent()).toBe(1);
    const [latest] = (await listConsents(t.db, { emails: [email] })).filter((c) => c.purpose === 'newsletter');
    expect(latest?.withdrawnAt).toBe('2027-06-02T10:00:00.000Z');
  });

  it('refuses to withdraw a needed purpose on its own', async () => {
    await expect(
      withdrawConsent(t.db, { emails: [email] }, 'membership', {
        now: new Date(),
        ip: null,
        method: 'portal',
        actorUserId: null,
      }),
    ).rejects.toThrow(/ask for erasure/);
    expect(await hasConsent(t.db, email, 'membership')).toBe(true);
  });
});
