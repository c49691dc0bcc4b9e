import { useStore as useNanoStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * Reads a shared store in an island: `const $session = useStore(session)`.
 *
 * Islands hydrate one by one, and the first to mount starts the session (or unread-count) request;
 * an island hydrating after it answered would render the new value against HTML the server rendered
 * with the starting one, and React throws that hydration away (error #418). So hydration renders the
 * store's starting value, as the server did, and React renders the current one straight after.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useNanoStore(store, { ssr: 'initial' });
}
