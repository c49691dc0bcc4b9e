import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, loggableUrl, requestIdFrom } from './log';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ destination }), lines };
}

const SECRETS = {
  password: 'Hunter2-password!',
  token: 'eyJhbGciOiJIUzI1NiJ9.secret-token',
  cookie: 'authjs.session-token=cookie-value-xyz',
  authorization: 'Bearer bearer-value-abc',
  mailBody: 'Open https://nipm.in/auth/reset-password?token=reset-link-123 within an hour',
};

describe('the JSON logger', () => {
  it('writes one JSON object per line with an ISO time, the level name and the message', () => {
    const { logger, lines } = capture();
    logger.info({ reqId: 'abc-12345', status: 200 }, 'request');
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: 'info', reqId: 'abc-12345', status: 200, msg: 'request' });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('never writes a password, token, cookie, Authorization header or e-mail body', () => {
    const { logger, lines } = capture();
    logger.info({ password: SECRETS.password, token: SECRETS.token });
    logger.info({ body: { email: 'a@b.in', password: SECRETS.password, newPassword: SECRETS.password } });
    logger.info({ req: { headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization } } });
    logger.info({ res: { headers: { 'set-cookie': SECRETS.cookie } } });
    logger.info({ mail: { to: 'member@nipm.in', subject: 'Reset', text: SECRETS.mailBody, html: SECRETS.mailBody } });
    logger.error({ err: Object.assign(new Error('failed'), { token: SECRETS.token }) }, 'failed');
    const all = lines.join('\n');
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
    expect(all).toContain('[Redacted]');
    expect(all).toContain('member@nipm.in');
  });

  it('replaces credential values in a logged URL and keeps the rest', () => {
    expect(loggableUrl('/auth/reset-password?token=abc123&returnTo=%2Fmember')).toBe(
      '/auth/reset-password?token=[Redacted]&returnTo=%2Fmember',
    );
    expect(loggableUrl('/api/members?page=2')).toBe('/api/members?page=2');
    expect(loggableUrl('/about')).toBe('/about');
  });

  it('keeps a plain request id from a proxy and makes a new one for anything else', () => {
    expect(requestIdFrom('proxy-id-0001')).toBe('proxy-id-0001');
    for (const bad of [undefined, '', 'short', 'has space in it!', 'x'.repeat(65), 'line\nbreak-injected']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
