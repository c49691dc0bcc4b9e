import { useState } from 'react';
import toast from 'react-hot-toast';
import { exportParams } from '../../lib/list-query';
import { api, apiErrorOf } from '../../stores/api-client';

export interface CsvDownloadButtonProps {
  /** The export route under `/api`: `/admin/notifications/export.csv`. */
  path: string;
  /** The list's parameters (`useListQuery().params`): the export has the same filters and order, every page. */
  params: Record<string, string>;
  /** The file's name when the answer names none. */
  filename: string;
  label?: string;
  /** Shown while the file is fetched (a PDF is no CSV). */
  busyLabel?: string;
}

/** The name in `Content-Disposition: attachment; filename="…"`, if any. */
export function attachmentName(header: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match ? match[1] : null;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the next task; until then the address must live.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a list's CSV export. A plain link cannot send the bearer token, so the file is fetched through
 * the API client (token, time-out, error envelope) and saved from memory.
 */
export function CsvDownloadButton({
  path,
  params,
  filename,
  label = 'Download CSV',
  busyLabel = 'Preparing CSV…',
}: CsvDownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await api.http.get(path, {
        searchParams: exportParams(params),
        // An export of many rows takes longer than a page; the client's 10 s limit is for pages.
        timeout: false,
      });
      save(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? filename);
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
      className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
