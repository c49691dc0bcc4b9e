import { formatCount } from '../../lib/format';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** What the rows are, for the summary: "notices" → "21–40 of 123 notices". */
  noun?: string;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous and next around "Page 2 of 7", with which rows are shown; nothing when all fit on one page. */
export function Pager({ page, pageSize, total, onPage, noun }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const summary = (
    <p className="text-slate-600">
      {first > total
        ? `No rows on this page; ${formatCount(total)} in all`
        : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}${noun ? ` ${noun}` : ''}`}
    </p>
  );
  if (pages === 1 && first <= total) return <div className="mt-3 text-sm">{summary}</div>;
  const button = 'rounded-md border border-slate-300 px-3 py-1 underline-offset-2 hover:underline disabled:opacity-50';
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      {summary}
      <div className="flex items-center gap-3">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          Previous
        </button>
        <span aria-current="page">
          Page {formatCount(page)} of {formatCount(pages)}
        </span>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
