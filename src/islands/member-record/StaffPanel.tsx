import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ChapterListItem } from '../../lib/api-types';
import { formatDateTime } from '../../lib/format';
import type { MemberStaffView } from '../../lib/schemas/members';
import { api, apiErrorOf } from '../../stores/api-client';

/** Staff's side of a record: notes, chapter transfer with its history, the account, a reset e-mail, requests. */
export default function StaffPanel({
  memberId,
  chapterId,
  onChanged,
}: {
  memberId: number;
  chapterId: number;
  onChanged(): void;
}) {
  const [view, setView] = useState<MemberStaffView | null>(null);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const [note, setNote] = useState('');
  const [transfer, setTransfer] = useState({ chapterId: '', note: '' });

  const load = useCallback(async () => {
    setView(await api.get<MemberStaffView>(`admin/members/${memberId}/staff-view`));
  }, [memberId]);

  useEffect(() => {
    void load().catch(() => setView(null));
    void api
      .get<ChapterListItem[]>('chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, [load]);

  async function act(what: () => Promise<unknown>, done: string) {
    try {
      await what();
      toast.success(done);
      await load();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault();
    await act(() => api.post(`admin/members/${memberId}/notes`, { body: note }), 'Note added.');
    setNote('');
  }

  /** Every staff role records a request; the national office decides on the transfers screen (issue 28). */
  async function requestMove(event: FormEvent) {
    event.preventDefault();
    await act(
      () =>
        api.post('admin/transfers', {
          memberId,
          toChapterId: Number(transfer.chapterId),
          ...(transfer.note ? { reason: transfer.note } : {}),
        }),
      'Transfer request recorded: the national office approves or refuses it.',
    );
    setTransfer({ chapterId: '', note: '' });
    onChanged();
  }

  if (!view) return null;
  const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2';
  return (
    <section aria-labelledby="staff-heading" className="space-y-6 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="staff-heading" className="text-lg font-semibold">
        For staff
      </h2>
      {view.account && (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            Account {view.account.email}: <strong>{view.account.active ? 'active' : 'disabled'}</strong>
          </p>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5"
            onClick={() =>
              void act(
                () => api.post(`admin/members/${memberId}/account`, { active: !view.account!.active }),
                view.account!.active ? 'Account disabled.' : 'Account enabled.',
              )
            }
          >
            {view.account.active ? 'Disable the account' : 'Enable the account'}
          </button>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5"
            onClick={() => void act(() => api.post(`admin/members/${memberId}/password-reset`), 'Reset e-mail sent.')}
          >
            Send a password-reset e-mail
          </button>
        </div>
      )}
      <form onSubmit={(event) => void requestMove(event)} className="grid gap-3 sm:grid-cols-3">
        <label>
          Request a transfer to
          <select
            className={input}
            value={transfer.chapterId}
            onChange={(e) => setTransfer((t) => ({ ...t, chapterId: e.target.value }))}
          >
            <option value="">Choose…</option>
            {chapters
              .filter((c) => c.id !== chapterId)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
        <label>
          Reason
          <input
            className={input}
            value={transfer.note}
            onChange={(e) => setTransfer((t) => ({ ...t, note: e.target.value }))}
          />
        </label>
        <div className="self-end">
          <button
            type="submit"
            disabled={!transfer.chapterId}
            className="rounded-md border border-brand-700 px-3 py-2 text-brand-700"
          >
            Record the transfer request
          </button>
        </div>
      </form>
      {view.transfers.length > 0 && (
        <ul className="list-disc pl-6">
          {view.transfers.map((t) => (
            <li key={t.id}>
              {formatDateTime(t.at)}: {t.from} → {t.to}
              {t.note ? ` (${t.note})` : ''}
              {t.by ? `, by ${t.by}` : ''}
            </li>
          ))}
        </ul>
      )}
      {view.changeRequests.length > 0 && (
        <div>
          <h3 className="font-semibold">Requests from the member</h3>
          <ul className="list-disc pl-6">
            {view.changeRequests.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.createdAt)}:{' '}
                {Object.entries(r.changes)
                  .map(([k, v]) => `${k} → ${String(v)}`)
                  .join(', ')}
                {r.reason ? ` (${r.reason})` : ''} [{r.state}]
                {r.state === 'open' &&
                  (['done', 'declined'] as const).map((state) => (
                    <button
                      key={state}
                      type="button"
                      className="ml-2 rounded border border-slate-300 px-2 py-0.5 text-sm"
                      onClick={() =>
                        void act(
                          () => api.post(`admin/members/${memberId}/change-requests/${r.id}`, { state }),
                          state === 'done' ? 'Marked done.' : 'Declined.',
                        )
                      }
                    >
                      {state === 'done' ? 'Mark done' : 'Decline'}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={(event) => void addNote(event)}>
        <label className="block">
          Add a note
          <textarea className={input} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" disabled={!note.trim()} className="mt-2 rounded-md border border-slate-300 px-3 py-1.5">
          Add note
        </button>
      </form>
      {view.notes.length > 0 && (
        <ul className="space-y-2">
          {view.notes.map((n) => (
            <li key={n.id} className="rounded bg-slate-50 px-3 py-2">
              <p className="whitespace-pre-line">{n.body}</p>
              <p className="text-sm text-slate-600">
                {n.author ?? 'Staff'}, {formatDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
