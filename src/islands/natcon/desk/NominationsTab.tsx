import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate } from '../../../lib/format';
import { NOMINATION_STATE_LABELS, NOMINATION_STATES, type NominationState } from '../../../lib/natcon';
import { NominationListQuery, type AdminEdition, type Nomination } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { CsvDownloadButton, DataTable, SelectFilter, useListQuery, useServerList, type ColumnDef } from '../../staff';

async function downloadFile(nomination: Nomination) {
  try {
    const response = await api.http.get(`admin/natcon/nominations/${nomination.id}/file`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = nomination.fileName ?? `${nomination.reference}.pdf`;
    link.click();
    URL.revokeObjectURL(url);
  } catch (failure) {
    toast.error((await apiErrorOf(failure)).message);
  }
}

/** Award nominations with their review state, write-up and supporting PDF (roles 2 and 5). */
export function NominationsTab({ edition }: { edition: AdminEdition }) {
  const query = useListQuery(NominationListQuery);
  const params = { ...query.params, editionId: String(edition.id) };
  const list = useServerList<Nomination>('/admin/natcon/nominations', params);
  const [open, setOpen] = useState<Nomination | null>(null);

  const review = async (nomination: Nomination, state: NominationState) => {
    try {
      setOpen(await api.patch<Nomination>(`/admin/natcon/nominations/${nomination.id}`, { state }));
      toast.success(`${nomination.reference}: ${NOMINATION_STATE_LABELS[state]}.`);
      void list.reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    }
  };

  const columns: ColumnDef<Nomination>[] = [
    { id: 'reference', header: 'Reference', accessorKey: 'reference' },
    { id: 'award', header: 'Award', accessorKey: 'award' },
    {
      id: 'nominee',
      header: 'Nominee',
      cell: ({ row }) =>
        `${row.original.nomineeName}${row.original.nomineeOrganisation ? `, ${row.original.nomineeOrganisation}` : ''}`,
    },
    { id: 'nominator', header: 'Nominated by', accessorKey: 'nominatorName' },
    { id: 'state', header: 'State', cell: ({ row }) => NOMINATION_STATE_LABELS[row.original.state] },
    { id: 'createdAt', header: 'Received', cell: ({ row }) => formatDate(row.original.createdAt) },
  ];

  return (
    <section aria-labelledby="nominations-heading" className="space-y-3">
      <h2 id="nominations-heading" className="text-lg font-semibold">
        Nominations
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectFilter query={query} name="awardCategoryId" label="Award">
          {edition.awards.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter query={query} name="state" label="Review state">
          {NOMINATION_STATES.map((s) => (
            <option key={s} value={s}>
              {NOMINATION_STATE_LABELS[s]}
            </option>
          ))}
        </SelectFilter>
      </div>
      <CsvDownloadButton
        path="/admin/natcon/nominations/export.csv"
        params={{ editionId: String(edition.id) }}
        filename="natcon-nominations.csv"
        label="Download nominations (CSV)"
      />
      <DataTable
        caption="Award nominations"
        columns={columns}
        list={list}
        query={query}
        empty="No nominations match."
        noun="nominations"
        getRowId={(row) => String(row.id)}
        onRowClick={setOpen}
        rowLabel={(row) => `Open nomination ${row.reference}`}
      />
      {open && (
        <article aria-labelledby="nomination-heading" className="space-y-2 rounded-lg border border-slate-300 p-4">
          <h3 id="nomination-heading" className="font-semibold">
            {open.reference}: {open.nomineeName} for {open.award} ({NOMINATION_STATE_LABELS[open.state]})
          </h3>
          <p className="text-sm">
            Nominated by {open.nominatorName} ({open.nominatorEmail})
            {open.nomineeEmail ? `; nominee ${open.nomineeEmail}` : ''}.
          </p>
          <p className="whitespace-pre-line text-sm">{open.writeUp}</p>
          {open.hasFile && (
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline"
              onClick={() => void downloadFile(open)}
            >
              Supporting document: {open.fileName}
            </button>
          )}
          <div className="flex flex-wrap gap-2">
            {NOMINATION_STATES.filter((s) => s !== open.state).map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => void review(open, s)}
                className="rounded-md border border-slate-500 px-3 py-2 text-sm font-medium hover:bg-slate-50"
              >
                Mark {NOMINATION_STATE_LABELS[s].toLowerCase()}
              </button>
            ))}
            <button type="button" onClick={() => setOpen(null)} className="rounded-md px-3 py-2 text-sm underline">
              Close
            </button>
          </div>
        </article>
      )}
    </section>
  );
}
