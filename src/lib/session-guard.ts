import { normalisePath } from './layout';
import { ROLE } from './roles';
import { tokenExpiry, type Session, type SessionStatus } from './session';

/** (spec sections 4 and 8) The session guard's dialog texts, letter for letter. */
export const SESSION_DIALOG = {
  timedOut: {
    title: 'Session Timed Out',
    message:
      'Your session has timed out due to inactivity. For security reasons, please log in again to continue accessing the application.',
  },
  authRequired: {
    title: 'Authentication Required',
    message: 'Please log in to access this page.',
  },
  button: 'Log in',
} as const;

export type GuardVerdict = 'wait' | 'skip' | 'ok' | 'timed-out' | 'auth-required';

const ROLE_1_UNGUARDED = ['/member/memberdetail', '/member/chapterdetail'];

/**
 * (spec section 4) What one check of the guard concludes, from the session as the store holds
 * it: skipped on /404 and, for role 1, on member-detail and chapter-detail; 'Authentication
 * Required' without a session; 'Session Timed Out' when the token is expired or unreadable or
 * the session's expiry has passed.
 */
export function judgeSession(
  status: SessionStatus,
  session: Session | null,
  pathname: string,
  nowMs: number,
): GuardVerdict {
  const path = normalisePath(pathname);
  if (path === '/404') return 'skip';
  if (status === 'loading') return 'wait';
  if (!session) return 'auth-required';
  if (session.user.roleId === ROLE.member && ROLE_1_UNGUARDED.includes(path)) return 'skip';
  const expires = Date.parse(session.expires);
  if (Number.isNaN(expires) || expires <= nowMs) return 'timed-out';
  const exp = session.user.token ? tokenExpiry(session.user.token) : null;
  if (exp === null || exp * 1000 <= nowMs) return 'timed-out';
  return 'ok';
}
