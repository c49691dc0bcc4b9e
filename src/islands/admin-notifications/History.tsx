import type { z } from 'zod';
import { formatCount, formatDateTime } from '../../lib/format';
import type { SentNotificationItem } from '../../lib/notifications';
import type { SentHistoryQuery } from '../../lib/schemas/notifications';
import {
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  type ColumnDef,
  type ListQuery,
  type ServerList,
} from '../staff';

type HistoryQuery = ListQuery<z.infer<typeof SentHistoryQuery>>;

const columns: ColumnDef<SentNotificationItem>[] = [
  {
    id: 'createdAt',
    header: 'Sent',
    enableSorting: true,
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt} className="whitespace-nowrap">
        {formatDateTime(row.original.createdAt)}
      </time>
    ),
  },
  { id: 'title', header: 'Title', enableSorting: true, accessorKey: 'title' },
  { id: 'audience', header: 'To', accessorFn: (n) => n.audience.label },
  { id: 'sender', header: 'By', accessorFn: (n) => n.sender?.name ?? '—' },
  {
    id: 'recipientCount',
    header: 'Recipients',
    enableSorting: true,
    meta: { align: 'right' },
    accessorFn: (n) => formatCount(n.recipientCount),
  },
  { id: 'readCount', header: 'Read', meta: { align: 'right' }, accessorFn: (n) => formatCount(n.readCount) },
];

/** What was sent, with read counts: filtered by audience and title, ordered by a column, exportable. */
export function History({ query, list }: { query: HistoryQuery; list: ServerList<SentNotificationItem> }) {
  return (
    <section aria-labelledby="history-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="history-heading" className="text-xl font-bold text-brand-800">
          Sent notifications
        </h2>
        <CsvDownloadButton path="/admin/notifications/export.csv" params={query.params} filename="notifications.csv" />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SelectFilter query={query} name="audience" label="Sent to" allLabel="Any audience">
          <option value="all">All users</option>
          <option value="chapter">A chapter</option>
          <option value="member">A member</option>
          <option value="role">A role</option>
        </SelectFilter>
        <SearchFilter query={query} name="q" label="Search sent notices" />
      </div>
      <DataTable
        caption="Sent notifications"
        columns={columns}
        list={list}
        query={query}
        getRowId={(n) => String(n.id)}
        noun="notices"
        empty={
          Object.keys(query.params).some((key) => key === 'audience' || key === 'q')
            ? 'No sent notice matches these filters.'
            : 'Nothing has been sent yet.'
        }
      />
    </section>
  );
}
