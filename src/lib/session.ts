import type { RoleId } from './roles';

/** (spec section 3) The user inside a session. */
export interface SessionUser {
  name: string | null;
  email: string | null;
  image: string | null;
  /** '1' to '5', as a string. */
  roleId: RoleId;
  memberId: number | null;
  /** The API token: a signed JWT whose expiry matches the session's. */
  token: string;
}

/** (spec section 3) What /api/auth/session answers for a signed-in visitor. */
export interface Session {
  user: SessionUser;
  /** ISO date after which the session is over. */
  expires: string;
}

/** (spec section 4) Session status. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Reads a session answer; anything without a user counts as signed out. */
export function toSession(body: unknown): Session | null {
  if (!body || typeof body !== 'object') return null;
  const candidate = body as Partial<Session>;
  if (!candidate.user || typeof candidate.user !== 'object' || typeof candidate.expires !== 'string') return null;
  return candidate as Session;
}

/** Seconds-since-epoch expiry of a JWT, read without verifying it (the server verifies). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}
