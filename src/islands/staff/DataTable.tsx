import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Column,
  type SortingState,
} from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import type { SortOrder } from '../../lib/schemas/common';
import { Pager } from './Pager';
import type { ServerList } from './useServerList';

/** Right-aligns a column (counts, amounts): `meta: { align: 'right' }` in its definition. */
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    align?: 'right';
  }
}

/** What the table needs of `useListQuery`: the page and order it shows, and how to change them. */
export interface TableQuery {
  values: { page: number; pageSize: number; sort?: SortOrder };
  setPage(page: number): void;
  setSort(order: SortOrder | null): void;
  /** Absent for a list whose page size is fixed (a short panel inside a dialog). */
  update?(changes: { pageSize: number }): void;
}

export interface DataTableProps<T> {
  /** The table's caption, which is also its accessible name. */
  caption: string;
  /**
   * Columns as @tanstack/react-table defines them. A column the server can order by sets
   * `enableSorting: true` and an `id` that is its `sort` value (`createdAt`).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  list: ServerList<T>;
  query: TableQuery;
  /** Shown instead of the table when the page has no rows. */
  empty: string;
  /** The rows' noun for the pager's summary ("notices"). */
  noun?: string;
  /** Offers "Rows per page" with these sizes (kept in the address as `pageSize`). */
  pageSizes?: number[];
  getRowId?: (row: T) => string;
  /** Makes each row open something (by click, Enter or Space); name the row for screen readers with `rowLabel`. */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A server-paged, server-sorted table: the rows are one page of the API's answer; paging and order go
 * through `query` (the address), so the table holds no state of its own. Loading, failure (with a
 * retry) and empty states are part of it.
 */
export function DataTable<T>({
  caption,
  columns,
  list,
  query,
  empty,
  noun,
  pageSizes,
  getRowId,
  onRowClick,
  rowLabel,
}: DataTableProps<T>) {
  const { page, pageSize, sort } = query.values;
  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: list.data?.items ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: list.data?.total ?? 0,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
  });

  // Only the server knows which orders it has an index for: a column sorts when it says `enableSorting: true`.
  const sortable = (column: Column<T>) => column.columnDef.enableSorting === true;
  // The list always has an order (the schema's default), so a header toggles between the two directions.
  const toggle = (column: Column<T>) =>
    query.setSort({ field: column.id, direction: column.getIsSorted() === 'asc' ? 'desc' : 'asc' });

  const openOnKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onRowClick?.(row);
  };

  if (list.error) {
    return (
      <div role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        <p>{list.error}</p>
        <button type="button" className="mt-2 font-medium underline" onClick={() => void list.reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!list.data) {
    return (
      <p role="status" className="mt-3 text-slate-600">
        Loading…
      </p>
    );
  }
  if (list.data.items.length === 0 && list.data.total === 0) return <p className="mt-3 text-slate-600">{empty}</p>;

  return (
    <div>
      <div role="region" aria-label={caption} tabIndex={0} className="mt-3 overflow-x-auto">
        <table className="min-w-full text-left text-sm" aria-busy={list.loading}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const right = header.column.columnDef.meta?.align === 'right';
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sortable(header.column) ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                      className={`py-2 pr-4 ${right ? 'text-right' : ''}`}
                    >
                      {sortable(header.column) ? (
                        <button
                          type="button"
                          onClick={() => toggle(header.column)}
                          className="font-semibold underline-offset-2 hover:underline"
                        >
                          {label}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={`border-b border-slate-100 ${onRowClick ? 'cursor-pointer hover:bg-brand-50 focus:bg-brand-50' : ''}`}
                {...(onRowClick
                  ? {
                      tabIndex: 0,
                      'aria-label': rowLabel?.(row.original),
                      onClick: () => onRowClick(row.original),
                      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => openOnKey(event, row.original),
                    }
                  : {})}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`py-2 pr-4 ${cell.column.columnDef.meta?.align === 'right' ? 'text-right' : ''}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.loading && (
        <p role="status" className="sr-only">
          Loading…
        </p>
      )}
      <Pager
        page={page}
        pageSize={pageSize}
        total={list.data.total}
        onPage={query.setPage}
        noun={noun}
        pageSizes={query.update ? pageSizes : undefined}
        onPageSize={query.update ? (size) => query.update?.({ pageSize: size }) : undefined}
      />
    </div>
  );
}
