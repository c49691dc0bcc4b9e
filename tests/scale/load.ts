export interface LoadResult {
  requests: number;
  writes: number;
  /** Requests that got no answer at all. */
  errors: number;
  serverErrors: number;
  seconds: number;
}

/**
 * `connections` clients in a loop through the proxy for `ms`: the member's unread count and list, and
 * one write in four (mark-all-read), while `during` does something to a server.
 */
export async function runLoad(options: {
  site: string;
  member: string;
  admin: string;
  connections: number;
  ms: number;
  during: () => Promise<void>;
}): Promise<LoadResult> {
  const result: LoadResult = { requests: 0, writes: 0, errors: 0, serverErrors: 0, seconds: 0 };
  const started = Date.now();
  const end = started + options.ms;
  const client = async (id: number) => {
    for (let n = 0; Date.now() < end; n++) {
      const write = (id + n) % 4 === 0;
      const url = write
        ? '/api/notifications/mark-all-read'
        : n % 2
          ? '/api/notifications/unread-count'
          : '/api/notifications?pageSize=5';
      result.requests++;
      if (write) result.writes++;
      try {
        const answer = await fetch(options.site + url, {
          method: write ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${options.member}` },
        });
        await answer.arrayBuffer();
        if (answer.status >= 500) result.serverErrors++;
      } catch {
        result.errors++;
      }
    }
  };
  await Promise.all([...Array.from({ length: options.connections }, (_, id) => client(id)), options.during()]);
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
