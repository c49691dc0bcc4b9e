import { useStore } from '../../stores/use-store';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { formatDay, formatIssueNumber } from '../../lib/content-format';
import {
  PublicationListQuery,
  SERIES_LABELS,
  type PublicationItem,
  type PublicationSeries,
} from '../../lib/schemas/content';
import { session } from '../../stores/session';
import { ConfirmDialog, CsvDownloadButton, DataTable, SearchFilter, useListQuery, useServerList } from '../staff';
import { PublicationForm } from './PublicationForm';
import { AdminHeading, RowActions, StatusFilter, statusLabel, useRowDelete } from './admin-list';

const column = createColumnHelper<PublicationItem>();

/** /content-admin/{newsletter,personneltoday,researchcompendium}: one series' issues, form, PDF, CSV. */
export default function PublicationsAdmin({ series }: { series: PublicationSeries }) {
  const $session = useStore(session);
  const query = useListQuery(PublicationListQuery);
  const params = useMemo(() => ({ ...query.params, series }), [query.params, series]);
  const list = useServerList<PublicationItem>('/content/publications', params, $session.status === 'authenticated');
  const [editing, setEditing] = useState<PublicationItem | 'new' | null>(null);
  const remover = useRowDelete<PublicationItem>('/content/publications', 'Issue deleted.', list.reload);
  const askDelete = remover.ask;
  const label = SERIES_LABELS[series];

  const columns = useMemo(
    () => [
      column.accessor('title', { id: 'title', header: 'Title', enableSorting: true }),
      column.display({
        id: 'number',
        header: 'Volume / number',
        cell: (c) => formatIssueNumber(c.row.original.volume, c.row.original.number),
      }),
      column.accessor('issueDate', {
        id: 'issueDate',
        header: 'Date',
        enableSorting: true,
        cell: (c) => formatDay(c.getValue()),
      }),
      column.accessor('membersOnly', { header: 'Access', cell: (c) => (c.getValue() ? 'Members only' : 'Everyone') }),
      column.accessor('pdfUrl', { header: 'PDF', cell: (c) => (c.getValue() ? 'Attached' : 'None') }),
      column.accessor('status', { header: 'Status', cell: (c) => statusLabel(c.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <RowActions
            title={c.row.original.title}
            actions={[
              { label: 'Edit', onClick: () => setEditing(c.row.original) },
              { label: 'Delete', onClick: () => askDelete(c.row.original), danger: true },
            ]}
          />
        ),
      }),
    ],
    [askDelete],
  );

  if ($session.status === 'loading') return <p className="text-slate-600">Loading…</p>;
  return (
    <div className="space-y-6">
      <AdminHeading title={label} newLabel="New issue" onNew={() => setEditing('new')} />
      {editing && (
        <PublicationForm
          key={editing === 'new' ? 'new' : editing.id}
          series={series}
          issue={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved, done) => {
            if (done) {
              toast.success(saved.status === 'published' ? 'Issue published.' : 'Draft saved.');
              setEditing(null);
            } else setEditing(saved);
            void list.reload();
          }}
        />
      )}
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter query={query} />
        <SearchFilter query={query} name="q" label="Title contains" />
        <CsvDownloadButton path="/content/publications/export.csv" params={params} filename={`${series}.csv`} />
      </div>
      <DataTable
        caption={`${label} issues`}
        columns={columns}
        list={list}
        query={query}
        empty="No issues match."
        noun="issues"
      />
      <ConfirmDialog {...remover.dialog} title="Delete this issue?" confirmLabel="Delete issue" danger>
        “{remover.deleting?.title}” and its PDF will be removed from the site.
      </ConfirmDialog>
    </div>
  );
}
