import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from '../../lib/envelope';
import { api, apiErrorOf } from '../../stores/api-client';

export interface ServerList<T> {
  /** The last page answered; kept while the next one loads, so the table does not jump. */
  data: Paged<T> | null;
  loading: boolean;
  error: string | null;
  reload(): Promise<void>;
  /** Changes the shown page in place (an optimistic update), without asking the server. */
  mutate(change: (page: Paged<T>) => Paged<T>): void;
}

/**
 * One page of `path` for `params` (from `useListQuery`), fetched again whenever they change. An answer
 * that arrives after a newer request was made is dropped, so fast paging never shows a stale page.
 */
export function useServerList<T>(path: string, params: Record<string, string>, enabled = true): ServerList<T> {
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const key = JSON.stringify(params);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const page = await api.get<Paged<T>>(path, JSON.parse(key) as Record<string, string>);
      if (ticket !== latest.current) return;
      setData(page);
      setError(null);
    } catch (failure) {
      if (ticket !== latest.current) return;
      setError((await apiErrorOf(failure)).message);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [path, key]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  const mutate = useCallback((change: (page: Paged<T>) => Paged<T>) => {
    setData((current) => (current ? change(current) : current));
  }, []);

  return { data, loading, error, reload, mutate };
}
