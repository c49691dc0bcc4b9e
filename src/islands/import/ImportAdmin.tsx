import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ImportCheckData, ImportData } from '../../lib/schemas/import';
import { api, apiErrorOf } from '../../stores/api-client';
import { ConfirmDialog, CsvDownloadButton } from '../staff';
import { AddExistingMember } from './AddExistingMember';
import { ImportProgress, ImportSummary } from './ImportProgress';
import { RecentImports } from './RecentImports';

/** How often the screen asks the server how a running commit is doing. */
const POLL_MS = 1000;
const BUTTON = 'rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50';
const SECOND_BUTTON =
  'rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50 disabled:opacity-50';

function importIdInUrl(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function showImportInUrl(id: number | null): void {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set('id', String(id));
  else url.searchParams.delete('id');
  window.history.replaceState(null, '', url);
}

/**
 * `/admin/import`: upload a members or payments file, map its columns, check it (counts, a preview
 * and the error file), commit it with a progress bar, undo it, and send the invitations. The import
 * being worked on is in the address (`?id=`), so leaving the page and coming back shows it again.
 */
export default function ImportAdmin() {
  const [current, setCurrent] = useState<ImportData | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [check, setCheck] = useState<ImportCheckData | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmUndo, setConfirmUndo] = useState(false);

  const show = useCallback((data: ImportData) => {
    setCurrent(data);
    setMapping(data.mapping);
    showImportInUrl(data.id);
  }, []);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      const { message, fields } = await apiErrorOf(failure);
      toast.error(fields.file ?? message);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const id = importIdInUrl();
    if (id) void act(async () => show(await api.get<ImportData>(`/admin/imports/${id}`)));
  }, [show]);

  useEffect(() => {
    if (current?.state !== 'running') return;
    const timer = setInterval(() => {
      api
        .get<ImportData>(`/admin/imports/${current.id}`)
        .then(setCurrent)
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [current?.id, current?.state]);

  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(async () => {
      const answer = await api.http.post('/admin/imports', { body: form, timeout: false }).json<{ data: ImportData }>();
      setCheck(null);
      show(answer.data);
    });
  };

  const runCheck = () =>
    act(async () => {
      if (!current) return;
      setCheck(
        await api.http
          .post(`/admin/imports/${current.id}/check`, { json: { mapping }, timeout: false })
          .json<{ data: ImportCheckData }>()
          .then((a) => a.data),
      );
      setCurrent(await api.get<ImportData>(`/admin/imports/${current.id}`));
    });

  const post = (action: 'commit' | 'undo' | 'invitations') => () =>
    act(async () => {
      if (!current) return;
      setCurrent(await api.post<ImportData>(`/admin/imports/${current.id}/${action}`));
      if (action === 'undo') toast.success('The import is undone.');
      if (action === 'invitations') toast.success('Invitations are queued.');
    });

  const editable = current && (current.state === 'uploaded' || current.state === 'checked');

  return (
    <div className="space-y-8">
      <section aria-labelledby="import-new" className="space-y-3">
        <h2 id="import-new" className="text-lg font-semibold">
          Upload a file
        </h2>
        <p className="text-sm text-slate-700">
          CSV or Excel (.xlsx, first sheet), at most 20 MB and 50,000 rows. Start from a template: it has every column,
          one example row, and (in the workbook) what each column accepts.
        </p>
        <div className="flex flex-wrap gap-2">
          <CsvDownloadButton
            path="/admin/imports/template.csv"
            params={{}}
            filename="nipm-members-template.csv"
            label="Template (CSV)"
          />
          <CsvDownloadButton
            path="/admin/imports/template.xlsx"
            params={{}}
            filename="nipm-members-template.xlsx"
            label="Template (Excel)"
          />
        </div>
        <form onSubmit={upload} className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            What the file holds
            <select name="kind" className="rounded-md border border-slate-300 px-2 py-2" defaultValue="members">
              <option value="members">Members</option>
              <option value="payments">Payment history</option>
            </select>
          </label>
          <label className="flex flex-col text-sm">
            File
            <input name="file" type="file" required accept=".csv,.xlsx,text/csv" className="text-sm" />
          </label>
          <button type="submit" className={BUTTON} disabled={busy}>
            Upload
          </button>
        </form>
      </section>

      <AddExistingMember />

      {current && (
        <section aria-labelledby="import-current" className="space-y-4">
          <h2 id="import-current" className="text-lg font-semibold">
            {current.fileName}: {current.rows.toLocaleString('en-IN')} rows ·{' '}
            <span data-testid="import-state">{current.state}</span>
          </h2>

          {editable && (
            <table className="text-sm" aria-label="Column mapping">
              <thead>
                <tr>
                  <th className="pr-4 text-left">Column in the file</th>
                  <th className="text-left">Read as</th>
                </tr>
              </thead>
              <tbody>
                {current.columns.map((column) => (
                  <tr key={column}>
                    <td className="pr-4">{column}</td>
                    <td>
                      <select
                        aria-label={`Field for ${column}`}
                        value={mapping[column] ?? ''}
                        onChange={(e) => setMapping({ ...mapping, [column]: e.target.value || null })}
                        className="rounded-md border border-slate-300 px-2 py-1"
                      >
                        <option value="">Ignore this column</option>
                        {current.fields.map((f) => (
                          <option key={f.field} value={f.field}>
                            {f.header}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          <div className="flex flex-wrap gap-2">
            {editable && (
              <button type="button" className={BUTTON} disabled={busy} onClick={() => void runCheck()}>
                Check
              </button>
            )}
            {current.summary && current.state !== 'uploaded' && (
              <CsvDownloadButton
                path={`/admin/imports/${current.id}/errors.csv`}
                params={{}}
                filename="import-errors.csv"
                label="Download error rows"
              />
            )}
            {current.state === 'checked' && (
              <button type="button" className={BUTTON} disabled={busy} onClick={() => void post('commit')()}>
                Commit
              </button>
            )}
            {current.state === 'done' && current.kind === 'members' && (
              <button
                type="button"
                className={SECOND_BUTTON}
                disabled={busy}
                onClick={() => void post('invitations')()}
              >
                Send invitations
              </button>
            )}
            {current.undoUntil && (
              <button type="button" className={SECOND_BUTTON} disabled={busy} onClick={() => setConfirmUndo(true)}>
                Undo import
              </button>
            )}
          </div>

          {current.summary && <ImportSummary summary={current.summary} done={current.state === 'done'} />}
          {(current.state === 'running' || current.state === 'done') && <ImportProgress data={current} />}
          {current.failure && <p role="alert">The commit stopped: {current.failure}</p>}
          {current.state === 'done' && current.kind === 'members' && (
            <p className="text-sm" data-testid="invitations">
              Invitations: {current.invitations.sent} sent, {current.invitations.waiting} waiting,{' '}
              {current.invitations.failed} failed.
            </p>
          )}
          {check && editable && <CheckPreview check={check} />}
        </section>
      )}

      <RecentImports
        current={current}
        onOpen={(data) => {
          setCheck(null);
          show(data);
        }}
      />

      <ConfirmDialog
        open={confirmUndo}
        title="Undo this import?"
        confirmLabel="Undo import"
        danger
        busy={busy}
        onCancel={() => setConfirmUndo(false)}
        onConfirm={() => {
          setConfirmUndo(false);
          void post('undo')();
        }}
      >
        The members it created are removed and the members it updated get their earlier details back. It is refused if
        any of them has changed since.
      </ConfirmDialog>
    </div>
  );
}

function CheckPreview({ check }: { check: ImportCheckData }) {
  return (
    <table className="w-full text-sm" aria-label="Preview">
      <thead>
        <tr>
          <th className="text-left">Row</th>
          <th className="text-left">What happens</th>
          <th className="text-left">Member</th>
          <th className="text-left">Changes or why not</th>
        </tr>
      </thead>
      <tbody>
        {check.preview.map((row) => (
          <tr key={row.row} className="border-t border-slate-200 align-top">
            <td>{row.row}</td>
            <td>{row.kind}</td>
            <td>{row.label}</td>
            <td>
              {row.message ??
                row.changes
                  .map((c) => `${c.field}: ${String(c.before ?? '(empty)')} → ${String(c.after ?? '(empty)')}`)
                  .join('; ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
