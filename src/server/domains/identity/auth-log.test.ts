import * as errors from '@auth/core/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logAuthError } from './auth-log';

/** What the server log shows of Auth.js's errors: what an operator reads, and what a stranger can make it write. */
describe('the log of Auth.js errors', () => {
  const written = () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return () => spy.mock.calls;
  };
  afterEach(() => vi.restoreAllMocks());

  it('writes nothing for a refused sign-in: the audit log has it', () => {
    const calls = written();
    logAuthError(new errors.CredentialsSignin('wrong password'));
    expect(calls()).toEqual([]);
  });

  const clientCaused = [
    'MissingCSRF',
    'UnknownAction',
    'JWTSessionError',
    'InvalidCallbackUrl',
    'UntrustedHost',
    'InvalidCheck',
    'AccessDenied',
    'Verification',
    'OAuthAccountNotLinked',
    'OAuthCallbackError',
    'AccountNotLinked',
    'WebAuthnVerificationError',
  ] as const;

  it.each(clientCaused)('writes one line without a stack for %s, which any client can cause', (name) => {
    const calls = written();
    logAuthError(new errors[name]('tampered cookie\n    at secret (file.js:1:1)'));
    expect(calls()).toEqual([[`[auth] ${name}: tampered cookie`]]);
  });

  it('keeps the whole error, stack and all, for a fault of the server', () => {
    const calls = written();
    const fault = new errors.CallbackRouteError('database down');
    logAuthError(fault);
    const plain = new Error('something else');
    logAuthError(plain);
    expect(calls()).toEqual([
      ['[auth]', fault],
      ['[auth]', plain],
    ]);
  });
});
