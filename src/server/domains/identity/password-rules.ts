import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../lib/constants';
import { COMMON_PASSWORDS } from './common-passwords';

/** Why a new password is refused, in words for the form; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  return null;
}
