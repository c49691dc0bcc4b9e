import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import type { Statement } from '../../lib/schemas/online';
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

  const load = async (id: number) => setStatement(await api.get<Statement>(`/admin/payments/statements/${id}`));

  const upload = async () => {
    if (!file) return setProblem('Choose the statement file.');
    setBusy(true);
    setProblem(null);
    setMessage(null);
    try {
      const form = new FormData();
      form.set('file', file);
      const token = (await currentSession())?.user?.token;
      const response = await fetch('/api/admin/payments/statements', {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const answer = (await response.json()) as { success: boolean; data: Summary; error?: { message: string } };
      if (!answer.success) throw new Error(answer.error?.message ?? 'The statement could not be read.');
      setSummary(answer.data);
      await load(answer.data.id);
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
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
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
