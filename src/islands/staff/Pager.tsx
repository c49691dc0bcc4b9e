import { useId } from 'react';
import { formatCount } from '../../lib/format';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** What the rows are, for the summary: "notices" → "21–40 of 123 notices". */
  noun?: string;
  /** The page sizes to choose from (at most the route's maximum); none: no choice is offered. */
  pageSizes?: number[];
  onPageSize?(pageSize: number): void;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous and next around "Page 2 of 7", with which rows are shown; nothing when all fit on one page. */
function PageSizeChoice({
  pageSize,
  pageSizes,
  onPageSize,
}: Required<Pick<PagerProps, 'pageSize' | 'pageSizes' | 'onPageSize'>>) {
  const id = useId();
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id}>Rows per page</label>
      <select
        id={id}
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        className="rounded-md border border-slate-500 bg-white px-2 py-1"
      >
        {[...new Set([...pageSizes, pageSize])]
          .sort((a, b) => a - b)
          .map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
      </select>
    </span>
  );
}

export function Pager({ page, pageSize, total, onPage, noun, pageSizes, onPageSize }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (total === 0) return null;
  const sizeChoice =
    pageSizes && onPageSize && total > Math.min(...pageSizes) ? (
      <PageSizeChoice pageSize={pageSize} pageSizes={pageSizes} onPageSize={onPageSize} />
    ) : null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const summary = (
    <p className="text-slate-600">
      {first > total
        ? `No rows on this page; ${formatCount(total)} in all`
        : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}${noun ? ` ${noun}` : ''}`}
    </p>
  );
  if (pages === 1 && first <= total) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
        {summary}
        {sizeChoice}
      </div>
    );
  }
  const button = 'rounded-md border border-slate-300 px-3 py-1 underline-offset-2 hover:underline disabled:opacity-50';
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      {summary}
      <div className="flex flex-wrap items-center gap-3">
        {sizeChoice}
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
