import { useState } from 'react';
import { formatFileSize } from '../../lib/content-format';
import { UPLOAD_LIMITS, megabytes, type EventItem } from '../../lib/schemas/content';
import { api, apiErrorOf } from '../../stores/api-client';
import { uploadFile } from './upload';

/** An event's documents (programme, brochure): attach a PDF or picture with a progress bar, or remove one. */
export function EventAttachments({ event, onChanged }: { event: EventItem; onChanged(event: EventItem): void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function attach(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      onChanged(await uploadFile<EventItem>('POST', `/content/events/${event.id}/attachments`, { file }, setProgress));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
    }
  }

  async function detach(url: string) {
    try {
      onChanged(await api.delete<EventItem>(`/content/events/${event.id}/attachments/${url.split('/').pop()}`));
    } catch (failure) {
      setError((await apiErrorOf(failure)).message);
    }
  }

  return (
    <div>
      <label htmlFor="event-attachment" className="block text-sm font-medium">
        Add a document
      </label>
      <input
        id="event-attachment"
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        aria-describedby="event-attachment-hint"
        className="mt-1 block text-sm"
        onChange={(e) => {
          void attach(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id="event-attachment-hint" className="mt-1 text-sm text-slate-600">
        A PDF or picture of at most {megabytes(UPLOAD_LIMITS.attachment.maxBytes)}, listed on the event&apos;s page.
      </p>
      {progress !== null && <progress max={1} value={progress} aria-label="Document upload" className="mt-1 w-48" />}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {event.attachments.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {event.attachments.map((a) => (
            <li key={a.url} className="flex gap-3">
              <a className="text-brand-700 underline" href={a.url}>
                {a.filename}
              </a>
              <span>{formatFileSize(a.size)}</span>
              <button type="button" className="text-red-700 underline" onClick={() => void detach(a.url)}>
                Remove<span className="sr-only"> {a.filename}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
