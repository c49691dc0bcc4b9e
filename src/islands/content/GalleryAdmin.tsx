import { useStore } from '../../stores/use-store';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { formatDay, formatFileSize } from '../../lib/content-format';
import { ROLE } from '../../lib/roles';
import { AlbumListQuery, type AlbumDetail, type AlbumItem } from '../../lib/schemas/content';
import { isoDate } from '../../lib/schemas/common';
import { api, apiErrorOf } from '../../stores/api-client';
import { session } from '../../stores/session';
import { SubmitButton } from '../../components/forms/FormFields';
import {
  ConfirmDialog,
  CsvDownloadButton,
  DataTable,
  FormProblem,
  FormProvider,
  FormTextField,
  SearchFilter,
  applyServerErrors,
  useListQuery,
  useServerList,
  useZodForm,
} from '../staff';
import { AlbumEditor } from './AlbumEditor';
import { RowActions, StatusFilter, statusLabel, useRowDelete } from './admin-list';
import { FormInput } from './fields';

const column = createColumnHelper<AlbumItem>();
const NewAlbum = z.object({ title: z.string().trim().min(1, 'Enter a title.').max(200), albumDate: isoDate });

/** /content-admin/gallery: albums (list, CSV, new album), one album's photos, and (super admin) storage. */
export default function GalleryAdmin() {
  const $session = useStore(session);
  const signedIn = $session.status === 'authenticated';
  const query = useListQuery(AlbumListQuery);
  const list = useServerList<AlbumItem>('/content/albums', query.params, signedIn);
  const [open, setOpen] = useState<AlbumDetail | null>(null);
  const remover = useRowDelete<AlbumItem>('/content/albums', 'Album deleted.', list.reload, (deleted) =>
    setOpen((current) => (current?.id === deleted.id ? null : current)),
  );
  const askDelete = remover.ask;
  const [storage, setStorage] = useState<{ files: number; bytes: number } | null>(null);
  const form = useZodForm(NewAlbum, { title: '', albumDate: new Date().toISOString().slice(0, 10) });
  const superAdmin = $session.data?.user.roleId === ROLE.superAdmin;

  useEffect(() => {
    if (superAdmin) void api.get<{ files: number; bytes: number }>('/content/storage').then(setStorage);
  }, [superAdmin, open]);

  const openAlbum = async (id: number) => setOpen(await api.get<AlbumDetail>(`/content/albums/${id}`));

  const columns = useMemo(
    () => [
      column.accessor('title', { id: 'title', header: 'Album', enableSorting: true }),
      column.accessor('albumDate', {
        id: 'albumDate',
        header: 'Date',
        enableSorting: true,
        cell: (c) => formatDay(c.getValue()),
      }),
      column.accessor('photoCount', { header: 'Photos', meta: { align: 'right' } }),
      column.accessor('status', { header: 'Status', cell: (c) => statusLabel(c.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <RowActions
            title={c.row.original.title}
            actions={[
              { label: 'Open', onClick: () => void openAlbum(c.row.original.id) },
              { label: 'Delete', onClick: () => askDelete(c.row.original), danger: true },
            ]}
          />
        ),
      }),
    ],
    [],
  );

  const create = form.handleSubmit(async (values) => {
    try {
      const album = await api.post<AlbumDetail>('/content/albums', { ...values, status: 'draft' });
      form.reset({ title: '', albumDate: values.albumDate });
      setOpen(album);
      await list.reload();
    } catch (failure) {
      applyServerErrors(form, await apiErrorOf(failure));
    }
  });

  if ($session.status === 'loading') return <p className="text-slate-600">Loading…</p>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Gallery</h1>
      {storage && (
        <p className="text-sm text-slate-700">
          Content storage: {storage.files} files, {formatFileSize(storage.bytes)}.
        </p>
      )}
      <FormProvider {...form}>
        <form
          onSubmit={create}
          noValidate
          className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <FormProblem />
          <FormTextField id="album-title" name="title" label="New album title" />
          <FormInput id="album-date" name="albumDate" label="Date" type="date" />
          <SubmitButton busy={form.formState.isSubmitting}>Create album</SubmitButton>
        </form>
      </FormProvider>
      {open && (
        <AlbumEditor
          album={open}
          onChanged={(album) => {
            setOpen(album);
            void list.reload();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter query={query} />
        <SearchFilter query={query} name="q" label="Title contains" />
        <CsvDownloadButton path="/content/albums/export.csv" params={query.params} filename="albums.csv" />
      </div>
      <DataTable caption="Albums" columns={columns} list={list} query={query} empty="No albums match." noun="albums" />
      <ConfirmDialog {...remover.dialog} title="Delete this album?" confirmLabel="Delete album" danger>
        “{remover.deleting?.title}” and its photos will be removed from the site.
      </ConfirmDialog>
    </div>
  );
}
