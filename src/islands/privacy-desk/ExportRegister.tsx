import { formatDateTime } from '../../lib/format';
import { ExportRegisterQuery, type PersonalDataExport } from '../../lib/schemas/privacy-desk';
import { CsvDownloadButton, DataTable, SearchFilter, useListQuery, useServerList, type ColumnDef } from '../staff';
import { Panel } from '../admin/shared';
import { DeskNav } from './DeskNav';

const columns: ColumnDef<PersonalDataExport>[] = [
  { id: 'at', header: 'When', accessorFn: (e) => formatDateTime(e.at) },
  { id: 'by', header: 'Who', accessorFn: (e) => e.userEmail ?? '—' },
  { id: 'list', header: 'List', accessorKey: 'list' },
  {
    id: 'filters',
    header: 'Filters',
    accessorFn: (e) =>
      Object.entries(e.filters)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ') || 'none',
  },
  { id: 'rows', header: 'Rows', accessorKey: 'rows', meta: { align: 'right' } },
];

/** Every list of people staff downloaded as CSV: who, which list, with which filters, how many rows. */
export default function ExportRegister() {
  const query = useListQuery(ExportRegisterQuery);
  const list = useServerList<PersonalDataExport>('/admin/privacy/exports', query.params);
  return (
    <Panel level={1} id="register-heading" title="Privacy desk: register of staff exports">
      <DeskNav current="/admin/privacy/exports" />
      <p className="text-sm text-slate-700">
        Each CSV a staff member downloads is written here when the download completes, with the filters in force.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SearchFilter query={query} name="list" label="List (such as members)" />
        <CsvDownloadButton
          path="/admin/privacy/exports/export.csv"
          params={query.params}
          filename="staff-exports-register.csv"
        />
      </div>
      <DataTable
        caption="Staff exports of personal data"
        columns={columns}
        list={list}
        query={query}
        noun="exports"
        getRowId={(e) => String(e.id)}
        empty="No exports recorded."
      />
    </Panel>
  );
}
