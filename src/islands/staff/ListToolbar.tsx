import type { ReactNode } from 'react';
import { CsvDownloadButton } from './CsvDownloadButton';

export interface ListToolbarProps {
  /** The list's parameters (`useListQuery().params`), which the export shares. */
  params: Record<string, string>;
  /** The export route under `/api` and the file's name when the answer names none. */
  csv: { path: string; filename: string };
  /** The filters, in the order they are read. */
  children: ReactNode;
}

/** The row above a staff table: its filters, then the CSV of the same rows at the far end. */
export function ListToolbar({ params, csv, children }: ListToolbarProps) {
  return (
    <div className="mt-4 flex flex-wrap items-end gap-4">
      {children}
      <div className="ml-auto">
        <CsvDownloadButton path={csv.path} params={params} filename={csv.filename} />
      </div>
    </div>
  );
}
