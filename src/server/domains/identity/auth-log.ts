import { AuthError, CredentialsSignin } from '@auth/core/errors';

/**
 * Auth.js errors that any client can cause (a POST without its CSRF token, an unknown action, a
 * tampered or outdated cookie): Auth.js's own client-error list plus the request-shape ones.
 */
const CLIENT_CAUSED = new Set([
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
]);

/**
 * Auth.js's `logger.error` (auth.config.ts). A refused sign-in is an expected answer, already in
 * the audit log: not logged. Client-caused errors are one line each, without a stack, so that
 * nobody can flood the log with stack traces. Server faults keep their stack.
 */
export function logAuthError(error: Error): void {
  if (error instanceof CredentialsSignin) return;
  if (error instanceof AuthError && CLIENT_CAUSED.has(error.type)) {
    console.error(`[auth] ${error.type}: ${error.message.split('\n')[0]}`);
    return;
  }
  console.error('[auth]', error);
}
