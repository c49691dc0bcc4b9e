import type { FieldErrors } from '../../lib/envelope';

/**
 * The one vocabulary of refusals for domain code. A service says what went wrong (its kind), a
 * stable code and a message for the user; it never says how HTTP carries that: the API maps each
 * kind to a status in one place (`src/server/api/errors.ts`), so domain code stays usable from the
 * CLI, jobs and Astro pages, which have no HTTP answer to build.
 *
 * This module imports nothing of the server, so every layer (the platform included) may throw these.
 */
export type DomainErrorKind =
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'forbidden'
  | 'unauthenticated'
  | 'too_many'
  | 'gone'
  // An upload over its size limit, or of a type the rule does not take (checked from its bytes).
  | 'too_large'
  | 'unsupported';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** For `too_many`: when the caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new DomainError('not_found', 'not_found', message);
export const conflict = (message: string, fields?: FieldErrors) =>
  new DomainError('conflict', 'conflict', message, fields);
export const invalid = (fields: FieldErrors, message = 'Some fields need attention.') =>
  new DomainError('invalid', 'validation_failed', message, fields);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new DomainError('forbidden', 'forbidden', message);
/** `code` tells a client why (an expired session asks for a new sign-in, not a new password). */
export const unauthenticated = (message = 'Sign in to continue.', code = 'unauthorized') =>
  new DomainError('unauthenticated', code, message);
export const tooMany = (retryAfterSeconds: number, message: string) =>
  new DomainError('too_many', 'too_many_requests', message, undefined, retryAfterSeconds);
export const gone = (message: string) => new DomainError('gone', 'gone', message);
export const tooLarge = (message: string, fields?: FieldErrors) =>
  new DomainError('too_large', 'payload_too_large', message, fields);
export const unsupported = (message: string, fields?: FieldErrors) =>
  new DomainError('unsupported', 'unsupported_media_type', message, fields);
