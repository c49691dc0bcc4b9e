import { useEffect, useState } from 'react';
import { describeAuditDetail } from '../../lib/audit-change';
import { formatDateTime } from '../../lib/format';
import { AuditQuery, type AuditEntry } from '../../lib/schemas/admin';
import { api } from '../../stores/api-client';
import {
  CsvDownloadButton,
  DataTable,
  DateFilter,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import { Panel } from './shared';

const columns: ColumnDef<AuditEntry>[] = [
  {
    id: 'at',
    header: 'When',
    cell: ({ row }) => (
      <time dateTime={row.original.at} className="whitespace-nowrap">
        {formatDateTime(row.original.at)}
      </time>
    ),
  },
  {
    id: 'actor',
    header: 'Who',
    cell: ({ row }) =>
      row.original.actor ? (
        <span>
          {row.original.actor.name}
          <span className="block text-xs text-slate-600">{row.original.actor.email}</span>
        </span>
      ) : (
        '—'
      ),
  },
  { id: 'action', header: 'Action', accessorKey: 'action' },
  {
    id: 'record',
    header: 'Record',
    accessorFn: (e) => (e.entity ? `${e.entity}${e.entityId ? `:${e.entityId}` : ''}` : '—'),
  },
  {
    id: 'change',
    header: 'Change',
    cell: ({ row }) => (
      <ul className="max-w-md break-words text-xs">
        {describeAuditDetail(row.original.detail).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    ),
  },
  { id: 'ip', header: 'Address', accessorFn: (e) => e.ip ?? '—' },
];

/** The activity log: every staff action and sign-in event, filtered, paged, downloadable; read-only. */
export default function ActivityLog() {
  const query = useListQuery(AuditQuery);
  const list = useServerList<AuditEntry>('/admin/audit', query.params);
  const [actions, setActions] = useState<string[]>([]);
  useEffect(() => {
    api.get<string[]>('/admin/audit/actions').then(setActions, () => setActions([]));
  }, []);

  return (
    <Panel id="log-heading" title="Activity log">
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SearchFilter query={query} name="user" label="User (name or e-mail)" />
        <SelectFilter query={query} name="action" label="Action" allLabel="Every action">
          <option value="auth.">All sign-in events</option>
          {actions.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </SelectFilter>
        <SearchFilter query={query} name="record" label="Record (such as chapter:3)" />
        <DateFilter query={query} name="from" label="From" />
        <DateFilter query={query} name="to" label="To" />
        <CsvDownloadButton path="/admin/audit/export.csv" params={query.params} filename="activity-log.csv" />
      </div>
      <DataTable
        caption="Activity log"
        columns={columns}
        list={list}
        query={query}
        noun="entries"
        getRowId={(e) => String(e.id)}
        empty="No entries match these filters."
      />
    </Panel>
  );
}
