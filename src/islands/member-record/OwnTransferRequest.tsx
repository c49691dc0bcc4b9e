import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ChapterListItem } from '../../lib/api-types';
import { formatDateTime } from '../../lib/format';
import { TRANSFER_STATE_LABELS, type TransferItem } from '../../lib/schemas/transfers';
import { api, apiErrorOf } from '../../stores/api-client';

/**
 * The member asks to move to another chapter (issue 28): one request at a time, decided by the national
 * office; the member sees each request with its decision and note.
 */
export default function OwnTransferRequest({ chapterId }: { chapterId: number }) {
  const [requests, setRequests] = useState<TransferItem[]>([]);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ toChapterId: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setRequests(await api.get<TransferItem[]>('members/me/transfer-requests'));
  }, []);

  useEffect(() => {
    void load().catch(() => setRequests([]));
    void api
      .get<ChapterListItem[]>('chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, [load]);

  const pending = requests.some((r) => r.state === 'pending');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post('members/me/transfer-requests', {
        toChapterId: Number(form.toChapterId),
        ...(form.reason ? { reason: form.reason } : {}),
      });
      toast.success('Your transfer request is sent to the national office.');
      setOpen(false);
      setForm({ toChapterId: '', reason: '' });
      setErrors({});
      await load();
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setErrors(problem.fields ?? {});
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  }

  const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2';
  return (
    <section aria-labelledby="transfer-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="transfer-heading" className="text-lg font-semibold">
        Chapter transfer
      </h2>
      {!pending && !open && (
        <button
          type="button"
          className="mt-3 rounded-md border border-slate-300 px-3 py-1.5"
          onClick={() => setOpen(true)}
        >
          Ask to move to another chapter
        </button>
      )}
      {open && (
        <form onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
          <label>
            Move to
            <select
              className={input}
              value={form.toChapterId}
              aria-invalid={Boolean(errors.toChapterId)}
              aria-describedby={errors.toChapterId ? 'transfer-chapter-error' : undefined}
              onChange={(e) => setForm((f) => ({ ...f, toChapterId: e.target.value }))}
            >
              <option value="">Choose a chapter…</option>
              {chapters
                .filter((c) => c.id !== chapterId)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </select>
            {errors.toChapterId && (
              <span id="transfer-chapter-error" className="text-sm text-red-700">
                {errors.toChapterId}
              </span>
            )}
          </label>
          <label>
            Why (optional)
            <input
              className={input}
              value={form.reason}
              onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
            />
          </label>
          <div className="flex gap-3 sm:col-span-2">
            <button
              type="submit"
              disabled={!form.toChapterId || busy}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Send the request
            </button>
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-2"
              onClick={() => setOpen(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {requests.length > 0 && (
        <ul className="mt-3 space-y-2">
          {requests.map((r) => (
            <li key={r.id} className="rounded bg-slate-50 px-3 py-2">
              <p>
                {r.fromChapter.name} → {r.toChapter.name}: <strong>{TRANSFER_STATE_LABELS[r.state]}</strong>
              </p>
              <p className="text-sm text-slate-700">
                Sent {formatDateTime(r.requestedAt)}
                {r.decidedAt ? ` · decided ${formatDateTime(r.decidedAt)}` : ''}
                {r.decisionNote ? ` · ${r.decisionNote}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
