import { useEffect, useState } from 'react';
import type { ImportData } from '../../lib/schemas/import';
import { api } from '../../stores/api-client';

/** The latest imports, so one left running (or done) can be opened again from any visit to the screen. */
export function RecentImports({ current, onOpen }: { current: ImportData | null; onOpen(data: ImportData): void }) {
  const [items, setItems] = useState<ImportData[]>([]);

  useEffect(() => {
    api
      .get<{ items: ImportData[] }>('/admin/imports', { pageSize: 10 })
      .then((page) => setItems(page.items))
      .catch(() => setItems([]));
  }, [current?.id, current?.state]);

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="import-recent" className="space-y-2">
      <h2 id="import-recent" className="text-lg font-semibold">
        Recent imports
      </h2>
      <ul className="space-y-1 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="text-brand-700 underline" onClick={() => onOpen(item)}>
              {item.fileName}
            </button>{' '}
            ({item.kind}, {item.rows.toLocaleString('en-IN')} rows, {item.state}, {item.createdAt.slice(0, 10)})
          </li>
        ))}
      </ul>
    </section>
  );
}
