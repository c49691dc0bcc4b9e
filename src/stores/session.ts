import { atom, onMount } from 'nanostores';
import { toSession, type Session, type SessionStatus } from '../lib/session';

/**
 * The visitor's session, shared by every island (header, guard, bell, portal screens).
 * It loads itself the first time an island reads it; sign-in and sign-out refresh it.
 */
export interface SessionState {
  status: SessionStatus;
  data: Session | null;
}

export const session = atom<SessionState>({ status: 'loading', data: null });

let inflight: Promise<Session | null> | null = null;

/** Fetches the session from Auth.js and stores it; concurrent callers share one request. */
export function refreshSession(): Promise<Session | null> {
  inflight ??= fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? toSession(await response.json()) : null))
    .catch(() => null)
    .then((data) => {
      session.set({ status: data ? 'authenticated' : 'unauthenticated', data });
      return data;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The session as it is now, waiting for the first load if it is still under way. */
export async function currentSession(): Promise<Session | null> {
  const state = session.get();
  if (state.status === 'loading') return refreshSession();
  return state.data;
}

/** Marks the visitor signed out locally (after Auth.js has cleared the cookie). */
export function clearSession(): void {
  session.set({ status: 'unauthenticated', data: null });
}

onMount(session, () => {
  // Only in the browser: on the server (islands rendered at build or on request) a fetch would fail
  // and leave the module-wide store 'unauthenticated' for every later page, so their HTML would
  // no longer match the 'loading' state the browser hydrates with.
  if (typeof window === 'undefined') return;
  if (session.get().status === 'loading') void refreshSession();
});
