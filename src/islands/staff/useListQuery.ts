import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import {
  readListQuery,
  writeListQuery,
  type ListQueryChanges,
  type ListQuerySchema,
  type ListQueryState,
} from '../../lib/list-query';
import { sortParam, type SortOrder } from '../../lib/schemas/common';

/** Fired on `window` when a list changes the address, since `pushState` fires no event of its own. */
const ADDRESS_CHANGED = 'nipm:address-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(ADDRESS_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(ADDRESS_CHANGED, onChange);
  };
}

const currentSearch = () => window.location.search;
const serverSearch = () => '';

export interface ListQuery<V> extends ListQueryState<V> {
  /** Changes parameters (`null` removes one); back to page 1 unless the page is among them. */
  update(changes: ListQueryChanges, options?: { replace?: boolean }): void;
  setPage(page: number): void;
  /** `null` goes back to the list's default order. */
  setSort(order: SortOrder | null): void;
}

/**
 * A list's page, size, order and filters, kept in the address's query string and read through the
 * list's API query schema (`src/lib/schemas/<area>.ts`). A new page or order is a new history entry,
 * so Back returns to the previous one; reload and shared links show the same rows.
 */
export function useListQuery<S extends ListQuerySchema>(schema: S): ListQuery<z.infer<S>> {
  const search = useSyncExternalStore(subscribe, currentSearch, serverSearch);
  const state = useMemo(() => readListQuery(schema, search), [schema, search]);

  const update = useCallback((changes: ListQueryChanges, options: { replace?: boolean } = {}) => {
    const next = writeListQuery(window.location.search, changes);
    if (next === window.location.search) return;
    const url = `${window.location.pathname}${next}${window.location.hash}`;
    if (options.replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new Event(ADDRESS_CHANGED));
  }, []);

  return useMemo(
    () => ({
      ...state,
      update,
      setPage: (page: number) => update({ page }),
      setSort: (order: SortOrder | null) => update({ sort: order ? sortParam(order) : null }),
    }),
    [state, update],
  );
}
