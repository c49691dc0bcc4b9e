/** Clear words for the sign-in error codes of the Auth.js contract. */
export const SIGN_IN_MESSAGES = {
  invalid: 'The e-mail address or password is not correct.',
  memberAccount: 'This sign-in is for NIPM staff. Members sign in on the member sign-in page.',
  unknown: 'Sign-in failed. Please try again.',
} as const;

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The message for a code: `invalid`, `member-account`, or `throttled-<seconds>` (when to try again). */
export function signInMessage(code: string, now: Date = new Date()): string {
  if (code === 'invalid' || code === 'CredentialsSignin') return SIGN_IN_MESSAGES.invalid;
  if (code === 'member-account') return SIGN_IN_MESSAGES.memberAccount;
  const throttled = /^throttled-(\d+)$/.exec(code);
  if (throttled) {
    const seconds = Math.max(1, Number(throttled[1]));
    const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString('en-IN', {
      hour: '2-digit',
      minute: '2-digit',
    });
    return `Too many failed sign-in attempts. Try again in ${waitInWords(seconds)} (at ${at}).`;
  }
  return SIGN_IN_MESSAGES.unknown;
}
