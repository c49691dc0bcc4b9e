import { useStore } from '../../stores/use-store';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { formatEventWhen } from '../../lib/content-format';
import { ROLE } from '../../lib/roles';
import { EVENT_TYPE_LABELS, EventListQuery, type EventItem } from '../../lib/schemas/content';
import { api } from '../../stores/api-client';
import { session } from '../../stores/session';
import {
  ConfirmDialog,
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
} from '../staff';
import { EventForm } from './EventForm';
import { AdminHeading, RowActions, StatusFilter, statusLabel, useRowDelete } from './admin-list';

const column = createColumnHelper<EventItem>();

/**
 * /content-admin/events: the events list (server-paged, filtered, sorted, CSV), the form to create
 * or edit one, a preview of the description as the public page shows it, and deletion.
 */
export default function EventsAdmin() {
  const $session = useStore(session);
  const query = useListQuery(EventListQuery);
  const list = useServerList<EventItem>('/content/events', query.params, $session.status === 'authenticated');
  const [editing, setEditing] = useState<EventItem | 'new' | null>(null);
  const [preview, setPreview] = useState<EventItem | null>(null);
  const remover = useRowDelete<EventItem>('/content/events', 'Event deleted.', list.reload);
  const askDelete = remover.ask;
  const [chapters, setChapters] = useState<{ id: number; name: string }[]>([]);
  const chapterOnly = $session.data?.user.roleId === ROLE.chapterAdmin;

  useEffect(() => {
    if ($session.status !== 'authenticated') return;
    api
      .get<{ id: number; name: string }[]>('/chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, [$session.status]);

  const columns = useMemo(
    () => [
      column.accessor('title', { id: 'title', header: 'Title', enableSorting: true }),
      column.accessor('type', {
        header: 'Type',
        cell: (c) => {
          const e = c.row.original;
          return `${EVENT_TYPE_LABELS[e.type]}${e.region ? ` (${e.region})` : ''}${e.chapterName ? ` (${e.chapterName})` : ''}`;
        },
      }),
      column.accessor('startsAt', {
        id: 'startsAt',
        header: 'When',
        enableSorting: true,
        cell: (c) => formatEventWhen(c.row.original.startsAt, c.row.original.endsAt),
      }),
      column.accessor('status', { header: 'Status', cell: (c) => statusLabel(c.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <RowActions
            title={c.row.original.title}
            actions={[
              { label: 'Edit', onClick: () => setEditing(c.row.original) },
              { label: 'Preview', onClick: () => setPreview(c.row.original) },
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
      <AdminHeading title="Events" newLabel="New event" onNew={() => setEditing('new')} />
      {editing && (
        <EventForm
          key={editing === 'new' ? 'new' : editing.id}
          event={editing === 'new' ? null : editing}
          chapters={chapters}
          chapterOnly={chapterOnly}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            toast.success(saved.status === 'published' ? 'Event published.' : 'Draft saved.');
            setEditing(null);
            setPreview(saved);
            void list.reload();
          }}
        />
      )}
      {preview && (
        <section aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-center justify-between">
            <h2 id="preview-heading" className="text-lg font-bold">
              Preview: {preview.title}
            </h2>
            <button type="button" className="underline" onClick={() => setPreview(null)}>
              Close preview
            </button>
          </div>
          <p className="text-sm text-slate-700">{formatEventWhen(preview.startsAt, preview.endsAt)}</p>
          {/* Sanitised on the server (remark + rehype-sanitize): what the public page shows. */}
          <div className="prose-preview mt-3 space-y-2" dangerouslySetInnerHTML={{ __html: preview.descriptionHtml }} />
          {preview.status === 'published' && (
            <p className="mt-3">
              <a className="text-brand-700 underline" href={`/events/${preview.id}`}>
                Open the public page
              </a>
            </p>
          )}
        </section>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter query={query} />
        {!chapterOnly && (
          <SelectFilter query={query} name="type" label="Type">
            <option value="national">National</option>
            <option value="regional">Regional</option>
            <option value="chapter">Chapter</option>
          </SelectFilter>
        )}
        <SearchFilter query={query} name="q" label="Title contains" />
        <CsvDownloadButton path="/content/events/export.csv" params={query.params} filename="events.csv" />
      </div>
      <DataTable caption="Events" columns={columns} list={list} query={query} empty="No events match." noun="events" />
      <ConfirmDialog {...remover.dialog} title="Delete this event?" confirmLabel="Delete event" danger>
        “{remover.deleting?.title}” will be removed from the site and the portal.
      </ConfirmDialog>
    </div>
  );
}
