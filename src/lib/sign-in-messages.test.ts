import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES, signInMessage } from './sign-in-messages';

describe('signInMessage', () => {
  it('gives one message for a wrong e-mail or password', () => {
    expect(signInMessage('invalid')).toBe(SIGN_IN_MESSAGES.invalid);
  });

  it('tells a member on the staff sign-in where to go', () => {
    expect(signInMessage('member-account')).toMatch(/member sign-in/);
  });

  it('says when to try again when throttled', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(signInMessage('throttled-900', now)).toMatch(
      /^Too many failed sign-in attempts\. Try again in 15 minutes \(at /,
    );
    expect(signInMessage('throttled-30', now)).toMatch(/Try again in 30 seconds/);
    expect(signInMessage('throttled-61', now)).toMatch(/Try again in 2 minutes/);
  });

  it('falls back to a general message', () => {
    expect(signInMessage('Configuration')).toBe(SIGN_IN_MESSAGES.unknown);
  });
});
