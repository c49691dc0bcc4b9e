import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import {
  STATEMENT_COLUMNS,
  type Statement,
  type StatementColumnRole,
  type StatementPreview,
} from '../../lib/schemas/online';
import { api, apiErrorOf } from '../../stores/api-client';
import { currentSession } from '../../stores/session';

interface Summary {
  id: number;
  lines: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  seen: number;
}

const ROLE_LABELS: Record<StatementColumnRole, string> = {
  date: 'Date',
  narration: 'Narration',
  reference: 'Reference or cheque no.',
  debit: 'Debit (withdrawal)',
  credit: 'Credit (deposit)',
  balance: 'Balance',
};

type Mapping = Record<StatementColumnRole, string>;

/** Posts the file (and any fields) as a form with the session's token; answers the envelope's data. */
async function postFile<T>(path: string, file: File, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  form.set('file', file);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const token = (await currentSession())?.user?.token;
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const answer = (await response.json()) as {
    success: boolean;
    data: T;
    error?: { message: string; fields?: Record<string, string> };
  };
  if (!answer.success) {
    const fieldText = Object.entries(answer.error?.fields ?? {})
      .map(([name, text]) => `${ROLE_LABELS[name as StatementColumnRole] ?? name}: ${text}`)
      .join(' ');
    throw new Error(fieldText || answer.error?.message || 'The statement could not be read.');
  }
  return answer.data;
}

const STATUS_TEXT: Record<string, string> = {
  proposed: 'Proposed match',
  ambiguous: 'Several payments match',
  unmatched: 'No reported payment',
  confirmed: 'Verified',
  seen: 'In an earlier statement',
};

/**
 * Bank-statement matching (roles 2 and 5): upload the bank's CSV or .xlsx export; each credit is
 * matched to reported payments by reference and amount; one action verifies every proposed match.
 */
export default function StatementMatching() {
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>(
    Object.fromEntries(STATEMENT_COLUMNS.map((role) => [role, ''])) as Mapping,
  );

  const load = async (id: number) => setStatement(await api.get<Statement>(`/admin/payments/statements/${id}`));

  /** Reads the chosen file's columns at once, so the mapping below starts from the guess. */
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    try {
      const read = await postFile<StatementPreview>('/admin/payments/statements/preview', chosen);
      setPreview(read);
      setMapping(Object.fromEntries(STATEMENT_COLUMNS.map((role) => [role, read.guess[role] ?? ''])) as Mapping);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const upload = async () => {
    if (!file) return setProblem('Choose the statement file.');
    setBusy(true);
    setProblem(null);
    setMessage(null);
    try {
      const named = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column));
      const columns =
        preview?.headerRow && Object.keys(named).length ? { ...named, headerRow: preview.headerRow } : undefined;
      const data = await postFile<Summary>(
        '/admin/payments/statements',
        file,
        columns ? { columns: JSON.stringify(columns) } : {},
      );
      setSummary(data);
      await load(data.id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmAll = async () => {
    if (!statement) return;
    setBusy(true);
    try {
      const result = await api.post<{ confirmed: unknown[]; skipped: unknown[] }>(
        `/admin/payments/statements/${statement.id}/confirm`,
        {},
      );
      setMessage(
        `${result.confirmed.length} payments verified${result.skipped.length ? `, ${result.skipped.length} skipped` : ''}.`,
      );
      await load(statement.id);
    } catch (error) {
      setProblem((await apiErrorOf(error)).message);
    } finally {
      setBusy(false);
    }
  };

  const proposed = statement?.lines.filter((line) => line.status === 'proposed').length ?? 0;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Bank statements</h1>
      <p className="text-slate-700">
        Upload the bank’s statement (CSV or .xlsx). Each credit is matched to the reported payments whose reference
        appears in it and whose amount is the same.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Statement file
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            className="mt-1"
          />
        </label>
        <button
          type="button"
          disabled={busy}
          onClick={() => void upload()}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Match the statement
        </button>
      </div>
      {preview && (
        <ColumnMapping
          preview={preview}
          mapping={mapping}
          onChange={(role, column) => setMapping({ ...mapping, [role]: column })}
        />
      )}
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      )}
      {message && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {message}
        </p>
      )}
      {summary && (
        <p data-testid="statement-summary">
          {summary.lines} credits: {summary.matched} matched, {summary.ambiguous} ambiguous, {summary.unmatched}{' '}
          unmatched, {summary.seen} already in an earlier statement.
        </p>
      )}
      {statement && (
        <>
          <table className="min-w-full text-sm">
            <caption className="text-left font-semibold">Credits of {statement.fileName}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Date</th>
                <th scope="col">Narration</th>
                <th scope="col">Credit</th>
                <th scope="col">Match</th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <tr key={line.id} data-testid="statement-line" className="border-t border-slate-200">
                  <td>{line.valueDate ?? '—'}</td>
                  <td className="break-all">{line.narration}</td>
                  <td>{formatMoney(line.credit)}</td>
                  <td>
                    {STATUS_TEXT[line.status]}
                    {line.candidates.length > 0 &&
                      `: ${line.candidates.map((c) => `${c.payerName} (${c.reference ?? '—'})`).join(', ')}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {proposed > 0 && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirmAll()}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              Verify all {proposed} proposed matches
            </button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Which column of the file is which, as on the import screen: each role's column chosen from the
 * file's header row (the guess pre-selected), with the first lines to see what each holds.
 */
function ColumnMapping({
  preview,
  mapping,
  onChange,
}: {
  preview: StatementPreview;
  mapping: Mapping;
  onChange: (role: StatementColumnRole, column: string) => void;
}) {
  if (!preview.columns.length) return <p>No header row was found in the first 30 lines.</p>;
  return (
    <section aria-labelledby="mapping-heading" className="space-y-3">
      <h2 id="mapping-heading" className="text-lg font-semibold">
        Columns (header on line {preview.headerRow})
      </h2>
      <p className="text-sm text-slate-700">
        Check which column is which; choose them where the guess is empty. Narration and credit are needed.
      </p>
      <table className="text-sm" aria-label="Column mapping">
        <tbody>
          {STATEMENT_COLUMNS.map((role) => (
            <tr key={role}>
              <th scope="row" className="pr-3 text-left font-medium">
                <label htmlFor={`column-${role}`}>{ROLE_LABELS[role]}</label>
              </th>
              <td>
                <select
                  id={`column-${role}`}
                  value={mapping[role]}
                  onChange={(event) => onChange(role, event.target.value)}
                  className="rounded-md border border-slate-300 px-2 py-1"
                >
                  <option value="">(not in this file)</option>
                  {preview.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.sample.length > 0 && (
        <table className="min-w-full text-xs">
          <caption className="text-left font-semibold">First lines</caption>
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column} scope="col" className="pr-2 text-left">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((row, index) => (
              <tr key={index} className="border-t border-slate-200">
                {row.map((cell, i) => (
                  <td key={i} className="pr-2">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
