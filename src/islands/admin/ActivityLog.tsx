import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../lib/notifications';
import type { AuditEntry } from '../../lib/schemas/admin';
import { api, apiErrorOf } from '../../stores/api-client';
import { buttonClass, downloadCsv, PageButtons, Panel, params, tableClass, tdClass, thClass } from './shared';

const PAGE_SIZE = 50;
const blank = { userId: '', action: '', record: '', from: '', to: '' };

/** What changed: before and after, as short text. */
function describe(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  const { before, after, ...rest } = detail as { before?: unknown; after?: unknown };
  const parts: string[] = [];
  if (before !== undefined || after !== undefined) {
    parts.push(`before: ${JSON.stringify(before ?? null)}`, `after: ${JSON.stringify(after ?? null)}`);
  }
  if (Object.keys(rest).length) parts.push(JSON.stringify(rest));
  return parts.join(' · ');
}

/** The activity log: every staff action and sign-in event, filtered, paged, downloadable; read-only. */
export default function ActivityLog() {
  const [filters, setFilters] = useState(blank);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<AuditEntry> | null>(null);
  const [actions, setActions] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const queryKey = JSON.stringify(params({ ...filters, page, pageSize: PAGE_SIZE }));

  const load = useCallback(async () => {
    try {
      setList(await api.get<Page<AuditEntry>>('/admin/audit', JSON.parse(queryKey)));
      setError(null);
      setFields({});
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setError(problem.message);
      setFields(problem.fields);
    }
  }, [queryKey]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    api.get<string[]>('/admin/audit/actions').then(setActions, () => setActions([]));
  }, []);

  const setFilter = (name: keyof typeof blank, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setPage(1);
  };
  const input = 'ml-2 rounded border border-slate-500 px-2 py-1';

  return (
    <Panel id="log-heading" title="Activity log">
      <div className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <label>
          User id
          <input
            className={`${input} w-24`}
            inputMode="numeric"
            value={filters.userId}
            onChange={(e) => setFilter('userId', e.target.value)}
          />
        </label>
        <label>
          Action
          <select className={input} value={filters.action} onChange={(e) => setFilter('action', e.target.value)}>
            <option value="">All</option>
            <option value="auth.">All sign-in events</option>
            {actions.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label>
          Record
          <input
            className={`${input} w-32`}
            placeholder="chapter:3"
            value={filters.record}
            onChange={(e) => setFilter('record', e.target.value)}
          />
        </label>
        <label>
          From
          <input
            className={input}
            type="date"
            value={filters.from}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </label>
        <label>
          To
          <input className={input} type="date" value={filters.to} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void downloadCsv('/admin/audit/export', params(filters), 'activity-log.csv')}
        >
          Download CSV
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error} {Object.values(fields).join(' ')}
        </p>
      )}
      {list && (
        <>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>When (Kolkata)</th>
                <th className={thClass}>Who</th>
                <th className={thClass}>Action</th>
                <th className={thClass}>Record</th>
                <th className={thClass}>Change</th>
                <th className={thClass}>Address</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {new Date(e.at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}
                  </td>
                  <td className={tdClass}>{e.actor ? `${e.actor.name} (#${e.actor.id})` : '—'}</td>
                  <td className={tdClass}>{e.action}</td>
                  <td className={tdClass}>{e.entity ? `${e.entity}${e.entityId ? `:${e.entityId}` : ''}` : '—'}</td>
                  <td className={`${tdClass} max-w-md break-words font-mono text-xs`}>{describe(e.detail)}</td>
                  <td className={tdClass}>{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.items.length === 0 && <p className="mt-3 text-slate-600">No entries match.</p>}
          <PageButtons
            label="Log pages"
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}
