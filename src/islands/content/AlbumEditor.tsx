import { useState } from 'react';
import toast from 'react-hot-toast';
import { CAPTION_MAX, UPLOAD_LIMITS, megabytes, type AlbumDetail, type Photo } from '../../lib/schemas/content';
import { api, apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog } from '../staff';
import { eachLimited, uploadFile } from './upload';

/** Photos sent at once: enough to keep the line busy, few enough for the server's two cores. */
const PARALLEL_UPLOADS = 3;

interface Upload {
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
}

interface Props {
  album: AlbumDetail;
  onChanged(album: AlbumDetail): void;
  onClose(): void;
}

/**
 * One album: its details, photos uploaded many at a time (a progress bar per file), captions,
 * order (move earlier or later), the cover, removal, and publishing.
 */
export function AlbumEditor({ album, onChanged, onClose }: Props) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = async () => onChanged(await api.get<AlbumDetail>(`/content/albums/${album.id}`));

  async function addPhotos(files: File[]) {
    const start = uploads.length;
    setUploads((list) => [...list, ...files.map((f) => ({ name: f.name, progress: 0, error: null, done: false }))]);
    const patch = (i: number, change: Partial<Upload>) =>
      setUploads((list) => list.map((u, j) => (j === start + i ? { ...u, ...change } : u)));
    await eachLimited(files, PARALLEL_UPLOADS, async (file, i) => {
      try {
        await uploadFile<Photo>('POST', `/content/albums/${album.id}/photos`, { file }, (p) =>
          patch(i, { progress: p }),
        );
        patch(i, { done: true, progress: 1 });
      } catch (error) {
        patch(i, { error: (error as Error).message });
      }
    });
    await reload();
  }

  async function act(work: () => Promise<unknown>, success?: string) {
    setBusy(true);
    try {
      await work();
      if (success) toast.success(success);
      await reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, step: number) => {
    const ids = album.photos.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id);
    void act(() => api.put(`/content/albums/${album.id}/photos/order`, { photoIds: ids }));
  };

  const published = album.status === 'published';
  return (
    <section aria-labelledby="album-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="album-heading" className="text-lg font-bold">
          {album.title} ({published ? 'published' : 'draft'})
        </h2>
        <div className="flex gap-3">
          <button
            type="button"
            disabled={busy}
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
            onClick={() =>
              void act(
                () => api.patch(`/content/albums/${album.id}`, { status: published ? 'draft' : 'published' }),
                published ? 'Album unpublished.' : 'Album published.',
              )
            }
          >
            {published ? 'Unpublish' : 'Publish album'}
          </button>
          <button type="button" className="rounded-md border border-slate-500 px-4 py-2" onClick={onClose}>
            Close album
          </button>
        </div>
      </div>
      <div>
        <label htmlFor="album-photos" className="block text-sm font-medium">
          Add photos
        </label>
        <input
          id="album-photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="album-photos-hint"
          className="mt-1 block text-sm"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) void addPhotos(files);
          }}
        />
        <p id="album-photos-hint" className="mt-1 text-sm text-slate-600">
          Choose many at once. JPEG, PNG or WebP, each at most {megabytes(UPLOAD_LIMITS.image.maxBytes)}; location and
          camera data are removed.
        </p>
      </div>
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="space-y-1">
          {uploads.map((u, i) => (
            <li key={i} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="w-48 truncate">{u.name}</span>
              <progress max={1} value={u.progress} aria-label={`Upload of ${u.name}`} className="w-40" />
              <span role="status">
                {u.error ? <span className="text-red-700">{u.error}</span> : u.done ? 'Done' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {album.photos.length === 0 ? (
        <p className="text-slate-700">No photos yet.</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos in order">
          {album.photos.map((photo, index) => {
            const thumb = photo.image.variants.find((v) => v.format === 'jpeg') ?? photo.image.variants[0];
            const isCover = (album.coverImageId ?? album.photos[0]?.image.id) === photo.image.id;
            return (
              <li key={photo.id} className="rounded-md border border-slate-200 p-2">
                <img
                  src={thumb?.url}
                  alt={photo.caption || `Photo ${index + 1}`}
                  width={photo.image.width}
                  height={photo.image.height}
                  className="aspect-[4/3] w-full rounded object-cover"
                  loading="lazy"
                />
                <label htmlFor={`caption-${photo.id}`} className="mt-2 block text-sm font-medium">
                  Caption of photo {index + 1}
                </label>
                <input
                  id={`caption-${photo.id}`}
                  defaultValue={photo.caption}
                  maxLength={CAPTION_MAX}
                  className="mt-1 block w-full rounded-md border border-slate-500 px-2 py-1"
                  onBlur={(event) => {
                    const caption = event.target.value.trim();
                    if (caption !== photo.caption) {
                      void act(
                        () => api.patch(`/content/albums/${album.id}/photos/${photo.id}`, { caption }),
                        'Caption saved.',
                      );
                    }
                  }}
                />
                <div className="mt-2 flex flex-wrap gap-2 text-sm">
                  <button
                    type="button"
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                    className="underline disabled:opacity-40"
                  >
                    Earlier<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                  <button
                    type="button"
                    disabled={busy || index === album.photos.length - 1}
                    onClick={() => move(index, 1)}
                    className="underline disabled:opacity-40"
                  >
                    Later<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                  {isCover ? (
                    <span className="font-semibold">Cover</span>
                  ) : (
                    <button
                      type="button"
                      disabled={busy}
                      className="underline"
                      onClick={() =>
                        void act(
                          () => api.patch(`/content/albums/${album.id}`, { coverImageId: photo.image.id }),
                          'Cover chosen.',
                        )
                      }
                    >
                      Make cover<span className="sr-only"> (photo {index + 1})</span>
                    </button>
                  )}
                  <button type="button" className="text-red-700 underline" onClick={() => setRemoving(photo)}>
                    Remove<span className="sr-only"> photo {index + 1}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this photo?"
        confirmLabel="Remove photo"
        danger
        busy={busy}
        onConfirm={() => {
          const photo = removing;
          setRemoving(null);
          if (photo) void act(() => api.delete(`/content/albums/${album.id}/photos/${photo.id}`), 'Photo removed.');
        }}
        onCancel={() => setRemoving(null)}
      >
        The photo leaves the album and the public gallery.
      </ConfirmDialog>
    </section>
  );
}
